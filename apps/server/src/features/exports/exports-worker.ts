import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { exportsOf, runExportsPass, runStartedRun } from './run-export';

export const EXPORTS_QUEUE = 'exports';
/** Every minute: an export runs within a minute of its time, and a retry within a minute of its back-off. */
export const EXPORTS_CRON = '* * * * *';

/** A job of the queue: the minute's pass (no run), or a run an administrator started now. */
export interface ExportsJob {
  run_id?: string;
}

const localWorkers = new WeakMap<object, string>();

/**
 * The exports job on the queue's schedule (pg-boss evaluates the cron in one process at a time; the runs' own
 * rows keep a day's run to one even so), and the runs started from the console, handed out as jobs. Each try
 * records its outcome on its row and never throws, so pg-boss's own retry is only for a process that died.
 */
export async function startExportsWorker(
  deps: AppDeps,
  ctx: FormContext,
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>,
): Promise<string> {
  await ensureQueue(deps.jobs, EXPORTS_QUEUE, { retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 });
  if (exportsOf(deps).length) await deps.jobs.schedule(EXPORTS_QUEUE, EXPORTS_CRON);
  else await deps.jobs.unschedule(EXPORTS_QUEUE).catch(() => undefined);
  const id = await deps.jobs.work<ExportsJob>(EXPORTS_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) {
      if (job.data?.run_id) await runStartedRun(deps, ctx, job.data.run_id, logger);
      else {
        const pass = await runExportsPass(deps, ctx, logger);
        if (pass.started || pass.retried) logger.debug({ exports: pass }, 'exports pass done');
      }
    }
  });
  localWorkers.set(deps.jobs, id);
  return EXPORTS_QUEUE;
}

/** Hands a run started now to the exports job, and wakes this process's worker for it. */
export async function sendStartedRun(deps: Pick<AppDeps, 'jobs'>, runId: string): Promise<void> {
  await deps.jobs.send(EXPORTS_QUEUE, { run_id: runId } satisfies ExportsJob);
  const local = localWorkers.get(deps.jobs);
  if (local) deps.jobs.notifyWorker(local);
}
