import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Whether this system shows each thread's priority (Linux); the tests that read it are skipped elsewhere. */
export const THREAD_PRIORITIES_VISIBLE = existsSync('/proc/thread-self');

/** A thread's nice value: field 19 of /proc/self/task/<tid>/stat, counted after the command name (which may hold spaces). */
export function niceOf(tid: number | string): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]);
}

/** The kernel id of the thread that calls it (the test's own). */
export function ownThreadId(): string {
  return readlinkSync('/proc/thread-self').split('/').pop()!;
}

/** Every thread of this process, by kernel id, with its nice value. */
export function everyThreadsNice(): Map<string, number> {
  const threads = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      threads.set(tid, niceOf(tid));
    } catch {
      // It ended between the listing and the read.
    }
  }
  return threads;
}

/** The threads started since `before` that run at `nice`. */
export function newThreadsAt(nice: number, before: ReadonlyMap<string, number>): string[] {
  return [...everyThreadsNice()].filter(([tid, n]) => !before.has(tid) && n === nice).map(([tid]) => tid);
}
