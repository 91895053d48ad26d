/** A job as a worker pool posts it to its thread. */
export interface ThreadRequest<Job> {
  id: number;
  job: Job;
}

/** The thread's answer to the job of the same id, or the error the job threw. */
export type ThreadReply<Answer> = { id: number; answer: Answer } | { id: number; error: string };
