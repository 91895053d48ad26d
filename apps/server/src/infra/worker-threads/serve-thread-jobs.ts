import { parentPort, type Transferable } from 'node:worker_threads';
import type { ThreadReady, ThreadReply, ThreadRequest } from './thread-protocol';

/**
 * The thread's side of a worker pool (worker-pool.ts): runs each job it is
 * sent and posts the answer, or what the job threw, back under the job's id.
 * The pool sends the next job only once this one is answered, so jobs never
 * interleave here even though `handle` is async. `transfer` names the parts of
 * an answer moved to the parent instead of copied. The thread's CPU priority
 * was set before its modules loaded (thread-bootstrap.ts).
 */
export function serveThreadJobs<Job, Answer>(
  name: string,
  handle: (job: Job) => Promise<Answer>,
  transfer: (answer: Answer) => Transferable[] = () => [],
): void {
  const port = parentPort;
  if (!port) throw new Error(`${name} runs only as a worker thread`);
  port.on('message', async ({ id, job }: ThreadRequest<Job>) => {
    let reply: ThreadReply<Answer>;
    let moved: Transferable[] = [];
    try {
      const answer = await handle(job);
      reply = { id, answer };
      moved = transfer(answer);
    } catch (err) {
      reply = { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    }
    port.postMessage(reply, moved);
  });
  // The thread's modules are loaded by now (this runs after its imports): the pool sends jobs from here on.
  port.postMessage({ ready: true } satisfies ThreadReady);
}
