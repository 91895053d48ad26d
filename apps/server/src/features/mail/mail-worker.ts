import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import {
  MAIL_QUEUE,
  MAIL_QUEUE_OPTIONS,
  isReadyMailJob,
  registerLocalMailWorker,
  type MailComposers,
  type MailJob,
} from './mail-jobs';

/**
 * Sends queued mail. A job that throws (relay down, refused, timed out) is
 * retried by pg-boss with exponential backoff; a job whose process died is
 * retried when it expires. Each process runs one; pg-boss hands every job to
 * exactly one of them at a time. The composers of the mails that travel as
 * ids are handed in by the composition root (workers.ts), so the worker
 * knows no feature that sends mail.
 */
export async function startMailWorker(
  deps: AppDeps,
  logger: Pick<Logger, 'warn'>,
  composers: MailComposers,
): Promise<string> {
  await ensureQueue(deps.jobs, MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
  const id = await deps.jobs.work<MailJob>(
    MAIL_QUEUE,
    { pollingIntervalSeconds: 2, localConcurrency: 2, includeMetadata: true },
    async ([job]) => {
      await deliver(deps, job!, logger, composers);
    },
  );
  registerLocalMailWorker(deps.jobs, id);
  return MAIL_QUEUE;
}

async function deliver(
  deps: AppDeps,
  job: Pick<Job<MailJob>, 'id' | 'data'> & { retryCount?: number },
  logger: Pick<Logger, 'warn'>,
  composers: MailComposers,
) {
  const data = job.data;
  const firstTry = (job.retryCount ?? 0) === 0;
  const message = isReadyMailJob(data) ? data.message : await composerOf(composers, data.kind)(data, firstTry);
  if (!message) return;
  try {
    await deps.mailer.send(message);
  } catch (err) {
    logger.warn({ err, job: job.id, retry: job.retryCount }, 'mail not sent yet; it will be retried');
    throw err;
  }
}

function composerOf(composers: MailComposers, kind: string) {
  const compose = composers[kind];
  // Only a deploy that dropped a kind with jobs still queued gets here: the job waits for its retry.
  if (!compose) throw new Error(`no composer for mail kind ${kind}`);
  return compose;
}
