import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { runScheduledDeliveries } from './delivery-pass';
import { runStreams, type StreamPassOptions } from './stream-pass';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'secretKey'>;

/**
 * One pass of the worker: the endpoints' streams (every delivery's first try), then the schedule (the retries, and
 * what waits behind them), which also takes what the streams have just moved there. Returns how many tries were made.
 */
export async function runDueDeliveries(
  deps: Deps,
  log?: Pick<Logger, 'warn'>,
  options?: StreamPassOptions,
): Promise<number> {
  const streamed = await runStreams(deps, log, options);
  return streamed + (await runScheduledDeliveries(deps, log));
}
