import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { type Log, purgeAbandonedUploads, removeDeadConversionFolders } from '../documents';
import { purgeLetterLeftovers } from '../recommendations';
import { compactAnswerHistory } from './compact-answer-history';
import { purgeExpired } from './purge-expired';

export const HOUSEKEEPING_QUEUE = 'housekeeping';
/** Every hour, at minute 7 (off the hour, when other systems' cron jobs crowd in). */
export const HOUSEKEEPING_CRON = '7 * * * *';

/**
 * One housekeeping run: expired rows purged, settled answer history compacted, abandoned uploads and letter
 * leftovers removed, and the LibreOffice folders of killed conversions on this machine removed.
 */
export async function runHousekeeping(deps: Pick<AppDeps, 'db' | 'clock' | 'storage' | 'config'>, log: Log) {
  const deleted = await purgeExpired(deps);
  const compacted = await compactAnswerHistory(deps.db, deps.clock.now());
  const uploads = await purgeAbandonedUploads(deps, log);
  const letters = await purgeLetterLeftovers(deps, log);
  const conversionFolders = await removeDeadConversionFolders();
  return {
    ...deleted,
    historyRowsCompacted: compacted,
    abandonedUploads: uploads,
    ...letters,
    deadConversionFolders: conversionFolders,
  };
}

/**
 * Housekeeping on the job queue's schedule: pg-boss evaluates the cron in one
 * process at a time and hands each run to one worker, so several server
 * processes never run it twice at once. A failed run is retried later.
 */
export async function startHousekeepingWorker(
  deps: AppDeps,
  logger: Pick<Logger, 'debug' | 'warn' | 'error'>,
): Promise<string> {
  const options = { retryLimit: 2, retryDelay: 300, expireInSeconds: 15 * 60 };
  await ensureQueue(deps.jobs, HOUSEKEEPING_QUEUE, options);
  await deps.jobs.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON);
  await deps.jobs.work(HOUSEKEEPING_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    logger.debug({ housekeeping: await runHousekeeping(deps, logger) }, 'housekeeping done');
  });
  return HOUSEKEEPING_QUEUE;
}
