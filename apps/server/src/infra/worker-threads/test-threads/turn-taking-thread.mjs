// A thread for worker-pool.test.ts that says in each answer when every job it was sent began and
// ended, and which OS thread it is. A job can be held at a gate: it marks the gate when it begins
// and waits (without blocking its event loop, as an await inside a drawing does) until the test
// opens it, so the test decides how long a job lasts without sleeping. A job can also crash the
// thread. Plain JavaScript so Node starts it as it is.
import { readlinkSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const { serveThreadJobs } = await import('../serve-thread-jobs.ts');

/** This thread's id in the kernel (Linux), as in /proc/<pid>/task/<tid>; null elsewhere. */
function threadId() {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return null;
  }
}

const tid = threadId();
const events = [];
serveThreadJobs('turn-taking-thread', async ({ name, gate, crash }) => {
  events.push(`${name} began`);
  if (crash) {
    // Thrown outside the job, as a native module's failure would be: the thread itself dies.
    setImmediate(() => {
      throw new Error(`${name} crashed the thread`);
    });
    return new Promise(() => {});
  }
  if (gate) {
    // gate[0]: set when the job begins; gate[1]: set by the test to let it end; gate[2]: this thread's id.
    Atomics.store(gate, 2, tid ?? -1);
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    await Atomics.waitAsync(gate, 1, 0).value;
  } else {
    // A few turns of the event loop, where jobs sent at once would interleave.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  }
  events.push(`${name} ended`);
  return { events: [...events], tid };
});
