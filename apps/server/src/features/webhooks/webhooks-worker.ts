import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { runDueDeliveries } from './due-deliveries';
import type { StreamPassOptions } from './stream-pass';

export const WEBHOOKS_QUEUE = 'webhook-deliveries';
/** Every minute: the tick below keeps going, and this restarts it should every process have stopped at once. */
const WEBHOOKS_CRON = '* * * * *';
/**
 * How often the deliveries are looked at: an event is sent within this of its change (the change writes only its
 * rows, in its own transaction; nothing wakes the worker), and a first retry comes about 5 s after its failure.
 */
const TICK_SECONDS = 5;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'secretKey' | 'jobs'>;

const passes = new WeakMap<object, Promise<unknown>>();

/**
 * Sends what is due now, in this process, after any pass already under way here: the worker runs its passes
 * through it, and a test awaits it to see the deliveries of the moment it moved its clock to.
 */
export function deliverNow(deps: Deps, log?: Pick<Logger, 'warn'>, options?: StreamPassOptions): Promise<number> {
  const previous = passes.get(deps.jobs) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => runDueDeliveries(deps, log, options));
  passes.set(deps.jobs, next);
  return next;
}

const localWorkers = new WeakMap<object, string>();

/**
 * The deliveries on the job queue: a tick every TICK_SECONDS (one job at a time across the processes, each tick
 * queueing the next), restarted every minute by the queue's schedule and as each process starts.
 */
export async function startWebhooksWorker(deps: Deps, logger: Pick<Logger, 'debug' | 'warn'>): Promise<string> {
  await ensureQueue(deps.jobs, WEBHOOKS_QUEUE, { retryLimit: 2, retryDelay: 5, expireInSeconds: 10 * 60 });
  await deps.jobs.schedule(WEBHOOKS_QUEUE, WEBHOOKS_CRON);
  const id = await deps.jobs.work(WEBHOOKS_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    try {
      const tries = await deliverNow(deps, logger);
      if (tries) logger.debug({ tries }, 'webhook deliveries sent');
    } finally {
      await queueTick(deps, TICK_SECONDS);
    }
  });
  localWorkers.set(deps.jobs, id);
  await queueTick(deps, 0);
  return WEBHOOKS_QUEUE;
}

/** One tick in each slot of TICK_SECONDS, however many processes ask for it. */
function queueTick(deps: Pick<AppDeps, 'jobs'>, afterSeconds: number) {
  return deps.jobs.sendAfter(
    WEBHOOKS_QUEUE,
    {},
    { singletonKey: 'tick', singletonSeconds: TICK_SECONDS },
    afterSeconds,
  );
}

/** A delivery queued by the console (a test, a resend) is sent at once by this process rather than at the next tick. */
export async function wakeWebhooksWorker(deps: Pick<AppDeps, 'jobs'>): Promise<void> {
  await deps.jobs.send(WEBHOOKS_QUEUE, {});
  const local = localWorkers.get(deps.jobs);
  if (local) deps.jobs.notifyWorker(local);
}
