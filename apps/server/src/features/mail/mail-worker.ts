import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { settleEach } from '../../infra/jobs/settle-each';
import { recordMailSent, recordMailSentOnce } from './mail-log';
import { mailOutcomes } from '../../infra/metrics/metrics';
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
  logger: Pick<Logger, 'warn'>,
  composers: MailComposers,
  refusals: MailRefusalHandlers = {},
): Promise<string> {
  await ensureQueue(deps.jobs, MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
  const id = await deps.jobs.work<MailJob>(MAIL_QUEUE, MAIL_WORK_OPTIONS, async (batch) => {
    const sent = await sentOnceKeys(deps, batch);
    return settleEach(batch, (job) => deliver(deps, job, logger, composers, refusals, sent), recipientOf);
  });
  registerLocalMailWorker(deps.jobs, id);
  return MAIL_QUEUE;
}

/** Mails to one person (or about one letter request) in a batch go one after another, in the order they were asked for. */
const recipientOf = ({ data }: { data: MailJob }): string =>
  isReadyMailJob(data)
    ? data.message.to.toLowerCase()
    : typeof data.email === 'string'
      ? data.email.toLowerCase()
      : String(data.requestId);

async function deliver(
  deps: AppDeps,
  job: Pick<Job<MailJob>, 'id' | 'data' | 'retryCount'>,
  logger: Pick<Logger, 'warn'>,
  composers: MailComposers,
  refusals: MailRefusalHandlers,
  sent: Set<string>,
) {
  const data = job.data;
  const firstTry = job.retryCount === 0;
  const message = isReadyMailJob(data) ? data.message : await composerOf(composers, data.kind)(data, firstTry);
  if (!message) return;
  const onceKey = isReadyMailJob(data) ? data.onceKey : undefined;
  if (onceKey && sent.has(onceKey)) return;
  if (!firstTry) mailOutcomes.inc({ outcome: 'retried' });
  try {
    await deps.mailer.send(message);
    mailOutcomes.inc({ outcome: 'sent' });
  } catch (err) {
    mailOutcomes.inc({ outcome: 'failed' });
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
  // The once-key and the log line in one statement, right after the relay's answer: the shorter that time, the
  // fewer resends after a crash. Should the log line fail, the key alone (a failure there retries the job).
  sent.add(onceKey);
  await recordMailSentOnce(deps.db, onceKey, message, deps.clock.now()).catch(async (err: unknown) => {
    await deps.db.query('INSERT INTO mail_once_keys (key, sent_at) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      onceKey,
      deps.clock.now(),
    ]);
    logFailed(err);
  });
}

/**
 * The once-keys of a batch that already reached the relay (a retry after a crash), in one look before any of
 * the batch is sent: a release's notices cost one statement a batch here, not one a mail. The worker adds each
 * key it records, so a second job with the same key in the batch (same recipient, so sent after it) is skipped.
 */
async function sentOnceKeys(deps: AppDeps, batch: readonly Pick<Job<MailJob>, 'data'>[]): Promise<Set<string>> {
  const keys = batch.flatMap(({ data }) => (isReadyMailJob(data) && data.onceKey ? [data.onceKey] : []));
  if (keys.length === 0) return new Set();
  const { rows } = await deps.db.query<{ key: string }>('SELECT key FROM mail_once_keys WHERE key = ANY ($1::text[])', [
    keys,
  ]);
  return new Set(rows.map((r) => r.key));
}

function composerOf(composers: MailComposers, kind: string) {
  const compose = composers[kind];
  // Only a deploy that dropped a kind with jobs still queued gets here: the job waits for its retry.
  if (!compose) throw new Error(`no composer for mail kind ${kind}`);
  return compose;
}
