/** What a pool's thread is started with (its workerData), read by THREAD_BOOTSTRAP. */
export interface ThreadStart {
  /** The thread's entry (see thread-entry.ts), as a URL string. */
  entry: string;
  /** The nice value the thread takes before it loads anything; null keeps the process's priority. */
  niceness: number | null;
}

/**
 * The first code a pool's thread runs (`new Worker(THREAD_BOOTSTRAP, { eval: true })`): it lowers the
 * thread's own CPU priority, then loads the thread's entry. First, because loading the entry's modules
 * (react-pdf and its fonts) costs about as much CPU as the warm-up drawing itself, and threads the thread
 * starts later (a loader's) inherit its priority.
 *
 * On Linux, setpriority(PRIO_PROCESS, tid) changes that one thread, and /proc/thread-self names the
 * calling thread (`<pid>/task/<tid>`), so the kernel prefers the server's event loop over this thread
 * when both want a core, and nothing else in the process changes. It never raises the priority (a
 * process started under `nice` stays as low). Where /proc/thread-self is missing (not Linux; there
 * pid 0 would mean the whole process) or the call fails, the thread goes on at the process's priority.
 *
 * Plain CommonJS in a string: it runs before any loader (tsx) is registered, and in the compiled
 * server, where no file of src/ exists.
 */
export const THREAD_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.niceness !== null) {
  try {
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    const os = require('node:os');
    if (tid > 0) os.setPriority(tid, Math.max(os.getPriority(tid), workerData.niceness));
  } catch {
    // No per-thread priority here: the thread runs at the process's.
  }
}
import(workerData.entry);
`;
