import { type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';
import { THREAD_BOOTSTRAP, type ThreadStart } from './thread-bootstrap';
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
  /** The job ran longer than its time limit (`timeoutMs`, the pool's or its own). */
  overran: (job: Job, timeoutMs: number) => Error;
  /** The thread crashed (an uncaught error, or out of heap); by default its own error. */
  crashed?: (err: Error) => Error;
  /** The thread ended. */
  stopped: (exitCode: number) => Error;
  /** close() was called while the job waited or ran. */
  closed: () => Error;
}

export interface WorkerPoolOptions<Job, Answer, Out> {
  /** The thread's entry (see thread-entry.ts). */
  entry: URL;
  /** A job that runs longer, counted from when the thread begins it, fails, and its thread is replaced. */
  timeoutMs: number;
  resourceLimits?: ResourceLimits;
  /**
   * The nice value the thread lowers itself to when it starts (thread-bootstrap.ts), so that the
   * kernel prefers the server's event loop when both want a core; by default it keeps the process's.
   */
  niceness?: number;
  /** The thread's answer as what run() resolves to; throwing rejects the job. */
  read: (answer: Answer) => Out;
  errors: WorkerPoolErrors<Job>;
}

/** A job asked for and not yet sent to the thread. */
interface Waiting<Job, Out> {
  job: Job;
  transfer: readonly Transferable[];
  timeoutMs: number;
  resolve: (out: Out) => void;
  reject: (err: Error) => void;
}

/** The job the thread is working on, timed from when it was sent. */
interface Running<Job, Out> extends Waiting<Job, Out> {
  id: number;
  timer: NodeJS.Timeout;
}

interface Thread<Job, Out> {
  worker: Worker;
  /** Set when the thread has posted that its modules are loaded. */
  ready: boolean;
  startup: NodeJS.Timeout;
  running?: Running<Job, Out>;
}

/**
 * A thread that has not loaded its modules by then is stuck, not slow: it is
 * ended and the jobs waiting for it fail. Generous, since loading react-pdf
 * through tsx on a busy machine has taken over twenty seconds.
 */
const STARTUP_LIMIT_MS = 120_000;

/**
 * One thread, started at the first job, that takes jobs one at a time: CPU-heavy
 * work (drawing a PDF, decoding an image) leaves the server's event loop free,
 * and a burst of jobs queues on one core instead of taking every core.
 *
 * The queue is the pool's, first in first out: a job is sent to the thread only
 * once the thread is ready and has answered the job before, so jobs never
 * interleave on the thread (an async handler would otherwise take them all at
 * once and finish them all late, together), and a job's time limit starts when
 * the thread begins it, never while it waits. A job that overruns fails and its
 * thread is ended (it may be stuck in the job); a thread that crashes or ends
 * fails the job it was running. Either way the jobs still waiting were never
 * sent to it, so they go to a fresh thread instead of failing with it: a
 * hostile file or a stuck drawing holds up nothing after it. Only a thread that
 * dies before it is ready (its modules do not load, or not within
 * STARTUP_LIMIT_MS) fails every job waiting, since a fresh one would fail the
 * same way. Threads are served by serveThreadJobs.
 */
export function createWorkerPool<Job, Answer, Out>(options: WorkerPoolOptions<Job, Answer, Out>): WorkerPool<Job, Out> {
  const pool: Pool<Job, Answer, Out> = { options, thread: undefined, nextId: 1, queue: [] };
  return {
    run(job, transfer = [], jobTimeoutMs = options.timeoutMs) {
      return new Promise<Out>((resolve, reject) => {
        pool.queue.push({ job, transfer, timeoutMs: jobTimeoutMs, resolve, reject });
        next(pool);
      });
    },
    close: () => closePool(pool),
  };
}

/** One pool's options, its thread (none until the first job, or after one was lost) and its queue. */
interface Pool<Job, Answer, Out> {
  options: WorkerPoolOptions<Job, Answer, Out>;
  thread: Thread<Job, Out> | undefined;
  nextId: number;
  queue: Waiting<Job, Out>[];
}

function failWaiting<Job, Answer, Out>(pool: Pool<Job, Answer, Out>, err: Error): void {
  for (const waiting of pool.queue.splice(0)) waiting.reject(err);
}

/** Forgets the thread: what it posts or does from now on concerns no job. */
function drop<Job, Answer, Out>(pool: Pool<Job, Answer, Out>, t: Thread<Job, Out>): void {
  if (pool.thread === t) pool.thread = undefined;
  clearTimeout(t.startup);
  if (t.running) clearTimeout(t.running.timer);
  t.running = undefined;
}

/** Sends the next waiting job to the thread if it is ready and idle; starts a thread if there is none. */
function next<Job, Answer, Out>(pool: Pool<Job, Answer, Out>): void {
  if (pool.queue.length === 0) return;
  if (!pool.thread) {
    try {
      pool.thread = start(pool);
    } catch (err) {
      // No thread can be started (its options are refused): nothing waiting can run.
      failWaiting(pool, err as Error);
      return;
    }
  }
  const t = pool.thread;
  if (!t.ready || t.running) return;
  send(pool, t, pool.queue.shift()!);
}

/** Sends one job to the ready, idle thread and times it from now. */
function send<Job, Answer, Out>(pool: Pool<Job, Answer, Out>, t: Thread<Job, Out>, waiting: Waiting<Job, Out>): void {
  const id = pool.nextId++;
  const timer = setTimeout(() => {
    if (t.running?.id !== id) return;
    drop(pool, t);
    waiting.reject(pool.options.errors.overran(waiting.job, waiting.timeoutMs));
    // The thread may be stuck in the job: it is ended, and a fresh one takes the jobs waiting.
    void t.worker.terminate();
    next(pool);
  }, waiting.timeoutMs);
  t.running = { ...waiting, id, timer };
  try {
    t.worker.postMessage({ id, job: waiting.job } satisfies ThreadRequest<Job>, waiting.transfer);
  } catch (err) {
    // The job cannot be sent (it cannot be cloned, or its transfer list is wrong): it fails alone.
    clearTimeout(timer);
    t.running = undefined;
    waiting.reject(err as Error);
    next(pool);
  }
}

/** The thread crashed or ended: the job it ran fails, and those waiting go to a fresh one. */
function lost<Job, Answer, Out>(pool: Pool<Job, Answer, Out>, t: Thread<Job, Out>, err: Error): void {
  if (pool.thread !== t) return;
  const { running, ready } = t;
  drop(pool, t);
  if (running) running.reject(err);
  if (!ready) failWaiting(pool, err);
  next(pool);
}

function start<Job, Answer, Out>(pool: Pool<Job, Answer, Out>): Thread<Job, Out> {
  const { entry, niceness, resourceLimits, errors } = pool.options;
  const workerData: ThreadStart = { entry: entry.href, niceness: niceness ?? null };
  // execArgv: [] so the thread does not load the parent's loaders (tsx) again: its entry loads what it needs.
  const w = new Worker(THREAD_BOOTSTRAP, {
    eval: true,
    workerData,
    execArgv: [],
    ...(resourceLimits ? { resourceLimits } : {}),
  });
  const t: Thread<Job, Out> = {
    worker: w,
    ready: false,
    // At the limit the thread is ended, and its exit fails the jobs waiting (lost(), not ready). Held (not
    // unref'd) like a job's timer: the first job waits on the loading, and keeps the process alive meanwhile.
    startup: setTimeout(() => void w.terminate(), STARTUP_LIMIT_MS),
  };
  w.on('message', (reply: ThreadReply<Answer> | ThreadReady) => heard(pool, t, reply));
  w.on('error', (err) => lost(pool, t, errors.crashed ? errors.crashed(err) : err));
  w.on('exit', (code) => lost(pool, t, errors.stopped(code)));
  // While jobs wait, the running job's timer (or the startup limit) keeps the process alive; an idle thread must not.
  w.unref();
  return t;
}

/** The thread posted that it is ready, or answered a job: the next waiting job is sent. */
function heard<Job, Answer, Out>(
  pool: Pool<Job, Answer, Out>,
  t: Thread<Job, Out>,
  reply: ThreadReply<Answer> | ThreadReady,
): void {
  if (pool.thread !== t) return;
  if ('ready' in reply) {
    clearTimeout(t.startup);
    t.ready = true;
    next(pool);
    return;
  }
  const job = t.running;
  if (job?.id !== reply.id) return;
  clearTimeout(job.timer);
  t.running = undefined;
  if ('error' in reply) job.reject(pool.options.errors.failed(reply.error));
  else {
    try {
      job.resolve(pool.options.read(reply.answer));
    } catch (err) {
      job.reject(err as Error);
    }
  }
  next(pool);
}

async function closePool<Job, Answer, Out>(pool: Pool<Job, Answer, Out>): Promise<void> {
  const t = pool.thread;
  const err = pool.options.errors.closed();
  const running = t?.running;
  if (t) drop(pool, t);
  running?.reject(err);
  failWaiting(pool, err);
  if (t) await t.worker.terminate();
}
