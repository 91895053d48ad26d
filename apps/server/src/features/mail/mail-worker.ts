import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { composeAccountMail } from '../accounts/account-mail-jobs';
import { composeLetterMail, isLetterMailJob } from '../recommendations/letter-mail-jobs';
import { MAIL_QUEUE, MAIL_QUEUE_OPTIONS, registerLocalMailWorker, type MailJob } from './mail-jobs';

/**
 * Sends queued mail. A job that throws (relay down, refused, timed out) is
 * retried by pg-boss with exponential backoff; a job whose process died is
 * retried when it expires. Each process runs one; pg-boss hands every job to
 * exactly one of them at a time.
 */
export async function startMailWorker(deps: AppDeps, logger: Pick<Logger, 'warn'>): Promise<string> {
  await ensureQueue(deps.jobs, MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
  const id = await deps.jobs.work<MailJob>(
    MAIL_QUEUE,
    { pollingIntervalSeconds: 2, localConcurrency: 2, includeMetadata: true },
    async ([job]) => {
      await deliver(deps, job!, logger);
    },
  );
  registerLocalMailWorker(deps.jobs, id);
  return MAIL_QUEUE;
}

async function deliver(
  deps: AppDeps,
  job: Pick<Job<MailJob>, 'id' | 'data'> & { retryCount?: number },
  logger: Pick<Logger, 'warn'>,
) {
  const data = job.data;
  const firstTry = (job.retryCount ?? 0) === 0;
  const message =
    data.kind === 'message'
      ? data.message
      : isLetterMailJob(data)
        ? await composeLetterMail(deps, data)
        : await composeAccountMail(deps, data, firstTry);
  if (!message) return;
  try {
    await deps.mailer.send(message);
  } catch (err) {
    logger.warn({ err, job: job.id, retry: job.retryCount }, 'mail not sent yet; it will be retried');
    throw err;
  }
}
