import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { runRetention } from './run-retention';

export const RETENTION_QUEUE = 'retention';
/** Once a day at 03:37 UTC: off the hour, and away from the hourly housekeeping at minute 7. */
export const RETENTION_CRON = '37 3 * * *';

/**
 * Retention on the job queue's schedule: pg-boss evaluates the cron in one process at a time and hands the run
 * to one worker, so several server processes never delete twice at once. A failed run is retried later; a run
 * that stopped half-way leaves nothing half-deleted (each account goes in one transaction).
 */
export async function startRetentionWorker(
  deps: AppDeps,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<string> {
  const options = { retryLimit: 2, retryDelay: 600, expireInSeconds: 60 * 60 };
  await ensureQueue(deps.jobs, RETENTION_QUEUE, options);
  await deps.jobs.schedule(RETENTION_QUEUE, RETENTION_CRON);
  await deps.jobs.work(RETENTION_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
    await runRetention(deps, logger);
  });
  return RETENTION_QUEUE;
}
