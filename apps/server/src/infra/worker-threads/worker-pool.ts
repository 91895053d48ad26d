import { type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';
import type { ThreadReady, ThreadReply, ThreadRequest } from './thread-protocol';

/** Runs jobs on a worker thread; close() before the process or the app ends. */
export interface WorkerPool<Job, Out> {
  /** `timeoutMs` overrides the pool's for this job (a warm-up that loads modules may take longer than a job). */
  run(job: Job, transfer?: readonly Transferable[], timeoutMs?: number): Promise<Out>;
  close(): Promise<void>;
}

/** What a job is rejected with, in the words of the feature that runs it. */
export interface WorkerPoolErrors<Job> {
  /** The thread reported that the job threw (its stack, or message). */
  failed: (error: string) => Error;
  /** The job took longer than timeoutMs. */
  overran: (job: Job) => Error;
  /** The thread crashed (an uncaught error, or out of heap); by default its own error. */
  crashed?: (err: Error) => Error;
  /** The thread ended. */
  stopped: (exitCode: number) => Error;
  /** close() was called while the job waited. */
  closed: () => Error;
}

export interface WorkerPoolOptions<Job, Answer, Out> {
  /** The thread's entry (see thread-entry.ts). */
  entry: URL;
  /** A job that takes longer, counted from when its thread is ready, fails, and its thread is replaced. */
  timeoutMs: number;
  resourceLimits?: ResourceLimits;
  /** The thread's answer as what run() resolves to; throwing rejects the job. */
  read: (answer: Answer) => Out;
  errors: WorkerPoolErrors<Job>;
}

interface Pending<Out> {
  resolve: (out: Out) => void;
  reject: (err: Error) => void;
  /** Set once the job's thread is ready: its loading is no part of the job's time. */
  timer?: NodeJS.Timeout;
}

/**
 * A thread that has not loaded its modules by then is stuck, not slow: it is
 * ended and the jobs waiting on it fail. Generous, since loading react-pdf
 * through tsx on a busy machine has taken over twenty seconds.
 */
const STARTUP_LIMIT_MS = 120_000;

/**
 * One thread, started at the first job, that takes jobs in turn: CPU-heavy
 * work (drawing a PDF, decoding an image) leaves the server's event loop free,
 * and a burst of jobs queues on one core instead of taking every core. A thread
 * that overruns a job, crashes or ends is dropped and every job waiting on it
 * fails; the next job starts a fresh one, so a hostile file or a stuck drawing
 * holds up nothing after it. Threads are served by serveThreadJobs.
 */
export function createWorkerPool<Job, Answer, Out>({
  entry,
  timeoutMs,
  resourceLimits,
  read,
  errors,
}: WorkerPoolOptions<Job, Answer, Out>): WorkerPool<Job, Out> {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending<Out>>();
  /** Per thread still loading: the job timers to start when it posts that it is ready. */
  const loading = new Map<Worker, (() => void)[]>();

  const settle = (id: number) => {
    const job = pending.get(id);
    if (job) {
      clearTimeout(job.timer);
      pending.delete(id);
    }
    return job;
  };

  const failAll = (err: Error) => {
    for (const id of [...pending.keys()]) settle(id)?.reject(err);
  };

  const start = (): Worker => {
    // execArgv: [] so the thread does not load the parent's loaders (tsx) again: its entry loads what it needs.
    const w = new Worker(entry, { execArgv: [], ...(resourceLimits ? { resourceLimits } : {}) });
    loading.set(w, []);
    // Held (not unref'd) like a job's timer: the first job waits on the loading, and keeps the process alive meanwhile.
    const startup = setTimeout(() => {
      if (worker === w) worker = undefined;
      void w.terminate();
    }, STARTUP_LIMIT_MS);
    w.on('message', (reply: ThreadReply<Answer> | ThreadReady) => {
      if ('ready' in reply) {
        clearTimeout(startup);
        const armers = loading.get(w) ?? [];
        loading.delete(w);
        for (const arm of armers) arm();
        return;
      }
      const job = settle(reply.id);
      if (!job) return;
      if ('error' in reply) {
        job.reject(errors.failed(reply.error));
        return;
      }
      try {
        job.resolve(read(reply.answer));
      } catch (err) {
        job.reject(err as Error);
      }
    });
    w.on('error', (err) => {
      if (worker === w) worker = undefined;
      failAll(errors.crashed ? errors.crashed(err) : err);
    });
    w.on('exit', (code) => {
      clearTimeout(startup);
      loading.delete(w);
      if (worker === w) worker = undefined;
      failAll(errors.stopped(code));
    });
    // Waiting jobs keep it running; an idle thread must not keep the process alive.
    w.unref();
    return w;
  };

  return {
    run(job, transfer = [], jobTimeoutMs = timeoutMs) {
      const w = (worker ??= start());
      const id = nextId++;
      return new Promise<Out>((resolve, reject) => {
        const waiting: Pending<Out> = { resolve, reject };
        const arm = () => {
          // Failed while the thread was loading (it crashed, or the pool closed): nothing to time.
          if (pending.get(id) !== waiting) return;
          waiting.timer = setTimeout(() => {
            settle(id)?.reject(errors.overran(job));
            // The thread may be stuck in the job: a fresh one takes the next.
            if (worker === w) worker = undefined;
            void w.terminate();
          }, jobTimeoutMs);
        };
        pending.set(id, waiting);
        const armers = loading.get(w);
        if (armers) armers.push(arm);
        else arm();
        w.postMessage({ id, job } satisfies ThreadRequest<Job>, transfer);
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      failAll(errors.closed());
      if (w) await w.terminate();
    },
  };
}
