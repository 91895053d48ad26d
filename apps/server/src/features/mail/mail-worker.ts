import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { settleEach } from '../../infra/jobs/settle-each';
import type { MailMessage } from '../../infra/mail/mailer';
import { recordMailSent, recordMailSentOnce } from './mail-log';
import { mailOutcomes } from '../../infra/metrics/metrics';
import {
  markOnceKeysSending,
  onceMessageId,
  recordOnceKeySent,
  relayRefused,
  unmarkOnceKey,
  type OnceKeyState,
} from './once-keys';
import {
  MAIL_QUEUE,
  MAIL_QUEUE_OPTIONS,
  isPermanentRefusal,
  isReadyMailJob,
  registerLocalMailWorker,
  type MailRefusalHandlers,
  type MailComposers,
  type MailJob,
} from './mail-jobs';

/**
 * How each process drains the mail queue. A worker takes up to `batchSize`
 * due mails at once and sends them side by side over the mailer's pool of SMTP
 * connections; while a fetch comes back full it fetches again at once (burst),
 * so a backlog leaves as fast as the relay takes it, and only an emptied queue
 * waits out the polling interval (or this process's wake, mail-jobs.ts). Each
 * mail in a batch completes or fails on its own (`perJobResults`), so one
 * refused message is retried alone and no other is sent twice.
 */
export const MAIL_WORK_OPTIONS = {
  batchSize: 20,
  burstWhenBatchFull: true,
  pollingIntervalSeconds: 2,
  localConcurrency: 3,
  perJobResults: true,
} as const;

/**
 * Sends queued mail. A job that throws (relay down, refused, timed out) is
 * retried by pg-boss with exponential backoff; a job whose process died is
 * retried once its heartbeat stops (MAIL_QUEUE_OPTIONS). Each process runs three
 * (MAIL_WORK_OPTIONS); pg-boss hands every job to exactly one worker at a time.
 * The composers of the mails that travel as ids are handed in by the
 * composition root (workers.ts), so the worker knows no feature that sends mail.
 */
export async function startMailWorker(
  deps: AppDeps,
  logger: Pick<Logger, 'warn' | 'info'>,
  composers: MailComposers,
  refusals: MailRefusalHandlers = {},
): Promise<string> {
  await ensureQueue(deps.jobs, MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
  const id = await deps.jobs.work<MailJob>(MAIL_QUEUE, MAIL_WORK_OPTIONS, async (batch) => {
    startComposers(composers, batch);
    const once = await markOnceKeysSending(deps.db, onceKeysOf(batch), deps.clock.now());
    return settleEach(batch, (job) => deliver(deps, job, logger, composers, refusals, once), recipientOf);
  });
  registerLocalMailWorker(deps.jobs, id);
  return MAIL_QUEUE;
}

/**
 * Mails to one person (or about one letter request, or to one application: a job of ids with a `userId`) in a batch
 * go one after another, in the order they were asked for; others side by side.
 */
const recipientOf = ({ data }: { data: MailJob }): string =>
  isReadyMailJob(data)
    ? data.message.to.toLowerCase()
    : typeof data.email === 'string'
      ? data.email.toLowerCase()
      : typeof data.requestId === 'string' || typeof data.userId !== 'string'
        ? String(data.requestId)
        : data.userId;

async function deliver(
  deps: AppDeps,
  job: Pick<Job<MailJob>, 'id' | 'data' | 'retryCount'>,
  logger: Pick<Logger, 'warn' | 'info'>,
  composers: MailComposers,
  refusals: MailRefusalHandlers,
  once: Map<string, OnceKeyState>,
) {
  const data = job.data;
  const firstTry = job.retryCount === 0;
  const onceKey = onceKeyOf(data);
  if (onceKey && once.get(onceKey) === 'sent') return;
  const composed = isReadyMailJob(data) ? data.message : await composerOf(composers, data.kind)(data, firstTry);
  if (!composed) return;
  const message = onceKey ? onceMessage(deps, job, composed, onceKey, once, logger) : composed;
  if (!firstTry) mailOutcomes.inc({ outcome: 'retried' });
  try {
    await deps.mailer.send(message);
    mailOutcomes.inc({ outcome: 'sent' });
  } catch (err) {
    mailOutcomes.inc({ outcome: 'failed' });
    // The relay answered no: it does not have the mail, and the next try is a first one. Any other failure (a
    // timeout, a dropped connection) may come after the relay took it: the mark stays, and the retry sends the
    // same Message-ID. Should the unmark fail, the mark stays too, which costs nothing but the label.
    if (onceKey && relayRefused(err)) await unmarkOnceKey(deps.db, onceKey).catch(() => undefined);
    // A kind whose feature tracks refusals (a recommender's address) learns of a 5xx in this run, not after a day of retries.
    const refused = isReadyMailJob(data) ? undefined : refusals[data.kind];
    if (refused && isPermanentRefusal(err)) {
      await refused(data, (err.response ?? err.message).slice(0, 300));
      return;
    }
    logger.warn({ err, job: job.id, retry: job.retryCount }, 'mail not sent yet; it will be retried');
    throw err;
  }
  // The recipient's mail log (their own data export reads it). The mail is out: a failed write is logged, and the
  // job still completes, so the mail is never sent twice for the sake of its log line.
  const logFailed = (err: unknown) => logger.warn({ err, job: job.id }, 'mail sent but not written to the mail log');
  if (!onceKey) return recordMailSent(deps.db, message, deps.clock.now()).catch(logFailed);
  // The relay took it: this job is never retried from here on, whatever the records below meet, so within a
  // process a mail the relay accepted is not sent again. The 250 and the log line in one statement, right after
  // the answer (the shorter that time, the fewer mails in doubt at a crash); should the log line fail, the 250
  // alone; should that fail too, the key stays in doubt, which only a crash before the job completes would act on.
  once.set(onceKey, 'sent');
  await recordMailSentOnce(deps.db, onceKey, message, deps.clock.now()).catch(async (err: unknown) => {
    logFailed(err);
    await recordOnceKeySent(deps.db, onceKey, deps.clock.now()).catch((again: unknown) =>
      logger.warn({ err: again, job: job.id }, 'mail sent but its once-key is not recorded as sent'),
    );
  });
}

/** Each kind's early start for its jobs of the batch (MailComposer.start), as the once-keys are marked. */
function startComposers(composers: MailComposers, batch: readonly Pick<Job<MailJob>, 'data'>[]) {
  const byKind = new Map<string, MailJob[]>();
  for (const { data } of batch)
    if (!isReadyMailJob(data) && composers[data.kind]?.start)
      byKind.set(data.kind, [...(byKind.get(data.kind) ?? []), data]);
  for (const [kind, jobs] of byKind) composers[kind]!.start!(jobs);
}

/** The batch's once-keys, each marked as being sent before any of the batch goes to the relay (once-keys.ts). */
const onceKeysOf = (batch: readonly Pick<Job<MailJob>, 'data'>[]): string[] =>
  batch.flatMap(({ data }) => {
    const key = onceKeyOf(data);
    return key ? [key] : [];
  });

/** A ready mail's once-key, or a composed one's (a message to a group, features/messages: a string `onceKey` field). */
const onceKeyOf = (data: MailJob): string | undefined =>
  isReadyMailJob(data) ? data.onceKey : typeof data.onceKey === 'string' ? data.onceKey : undefined;

/**
 * The mail with the Message-ID its key gives every copy (one it carries already, such as a bounce tag's, is
 * kept). A key in doubt had an attempt cut off after it was marked (a crash, a lost answer): the relay may have
 * it already, and the copy sent now is the same message to whoever drops a repeated Message-ID.
 */
function onceMessage(
  deps: AppDeps,
  job: Pick<Job<MailJob>, 'id'>,
  message: MailMessage,
  onceKey: string,
  once: ReadonlyMap<string, OnceKeyState>,
  logger: Pick<Logger, 'info'>,
): MailMessage {
  const messageId = message.messageId ?? onceMessageId(deps.config, onceKey);
  if (once.get(onceKey) === 'in-doubt')
    logger.info({ job: job.id, message_id: messageId }, 'mail sent again after an attempt the relay may have taken');
  return { ...message, messageId };
}

function composerOf(composers: MailComposers, kind: string) {
  const compose = composers[kind];
  // Only a deploy that dropped a kind with jobs still queued gets here: the job waits for its retry.
  if (!compose) throw new Error(`no composer for mail kind ${kind}`);
  return compose;
}
