import type { JobQueue } from './job-queue';

/** What both creating and updating a queue accept. */
type QueueOptions = NonNullable<Parameters<JobQueue['updateQueue']>[1]> &
  NonNullable<Parameters<JobQueue['createQueue']>[1]>;

/**
 * Creates a queue, or brings an existing one's options up to date. Several
 * processes start at once: whichever creates it, the others' create fails
 * and they update it to the same options.
 */
export async function ensureQueue(
  jobs: Pick<JobQueue, 'getQueue' | 'createQueue' | 'updateQueue'>,
  name: string,
  options: QueueOptions,
): Promise<void> {
  if (!(await jobs.getQueue(name))) await jobs.createQueue(name, options).catch(() => undefined);
  await jobs.updateQueue(name, options);
}
