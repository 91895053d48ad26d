/** A job as a worker pool posts it to its thread, once the thread has answered the job before. */
export interface ThreadRequest<Job> {
  id: number;
  job: Job;
}

/** The thread's answer to the job of the same id, or the error the job threw. */
export type ThreadReply<Answer> = { id: number; answer: Answer } | { id: number; error: string };

/**
 * Posted once by the thread when its modules have loaded and it takes jobs.
 * Loading them (react-pdf: seconds, far more on a busy machine) is no part of
 * any job's time limit: the pool sends the first job only then.
 */
export interface ThreadReady {
  ready: true;
}
