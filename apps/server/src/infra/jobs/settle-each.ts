import type { JobResult } from 'pg-boss';

/**
 * Runs a batch of jobs and settles each on its own (a pg-boss `perJobResults`
 * handler): a job whose run throws is failed, and so retried by its queue's
 * policy, while the others complete; none is run twice and none is lost with
 * its neighbours. Jobs that share a key run one after another, in the batch's
 * order (so two mails to one person leave in the order they were asked for);
 * different keys run at the same time.
 */
export async function settleEach<J extends { id: string }>(
  batch: readonly J[],
  run: (job: J) => Promise<unknown>,
  keyOf: (job: J) => string,
): Promise<JobResult[]> {
  const byKey = new Map<string, J[]>();
  for (const job of batch) {
    const key = keyOf(job);
    byKey.set(key, [...(byKey.get(key) ?? []), job]);
  }
  const results = new Map<string, JobResult>();
  await Promise.all(
    [...byKey.values()].map(async (jobs) => {
      for (const job of jobs) {
        results.set(
          job.id,
          await run(job).then(
            (): JobResult => ({ id: job.id, status: 'completed' }),
            (err: unknown): JobResult => ({ id: job.id, status: 'failed', output: err }),
          ),
        );
      }
    }),
  );
  return batch.map((job) => results.get(job.id)!);
}
