/** A job as a worker pool posts it to its thread. */
export interface ThreadRequest<Job> {
  id: number;
  job: Job;
}

/** The thread's answer to the job of the same id, or the error the job threw. */
export type ThreadReply<Answer> = { id: number; answer: Answer } | { id: number; error: string };

/**
 * Posted once by the thread when its modules have loaded and it takes jobs.
 * Loading them (react-pdf: seconds, far more on a busy machine) is no part of
 * any job's time limit.
 */
export interface ThreadReady {
  ready: true;
}
