import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { declineLapsedOffers } from './applicant-decision';
import { runDueReleases } from './release-decisions';

export const DECISIONS_QUEUE = 'decisions';
/** Every minute: a release scheduled for an instant leaves within a minute of it. */
export const DECISIONS_CRON = '* * * * *';

/** One pass: due releases carried out (and any a dead process left half done), lapsed offers declined. */
export async function runDecisionsPass(deps: AppDeps, log?: Pick<Logger, 'info'>) {
  return { released: await runDueReleases(deps, log), declined: await declineLapsedOffers(deps) };
}

/**
 * The decisions job on the queue's schedule (pg-boss evaluates the cron in
 * one process at a time), plus one run as this process starts, so a release a
 * killed process left half done resumes at once. Time comes from deps.clock.
 */
export async function startDecisionsWorker(deps: AppDeps, logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>) {
  await ensureQueue(deps.jobs, DECISIONS_QUEUE, { retryLimit: 5, retryDelay: 30, expireInSeconds: 15 * 60 });
  await deps.jobs.schedule(DECISIONS_QUEUE, DECISIONS_CRON);
  await deps.jobs.work(DECISIONS_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    logger.debug({ decisions: await runDecisionsPass(deps, logger) }, 'decisions pass done');
  });
  await deps.jobs.send(DECISIONS_QUEUE, {}, { singletonKey: 'start', singletonSeconds: 10 });
  return DECISIONS_QUEUE;
}

/** Runs a pass now rather than at the next minute: a release of more than one batch continues there at once. */
export async function wakeDecisionsJob(deps: Pick<AppDeps, 'jobs'>): Promise<void> {
  await deps.jobs.send(DECISIONS_QUEUE, {});
}
