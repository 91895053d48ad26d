import type { Logger } from 'pino';

export interface PeriodicJob {
  /** No new run starts; resolves when a run under way has finished. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  logger: Pick<Logger, 'error'>;
}

/**
 * Runs a job at start and then every `everyMs`, in this process. A run never
 * overlaps the previous one, and a failure is logged and retried at the next
 * tick rather than stopping the job. The timer does not keep the process alive.
 */
export function startPeriodicJob({ name, everyMs, run, logger }: PeriodicJobOptions): PeriodicJob {
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = () => {
    if (stopped || running) return;
    running = run()
      .then(
        () => undefined,
        (err: unknown) =>
          logger.error({ err, job: name }, `The ${name} job failed; it runs again in ${everyMs / 1000} s`),
      )
      .finally(() => {
        running = undefined;
      });
  };

  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
