import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds so far of this process, the server process, and every postgres process on this machine. */
export interface CpuSnapshot {
  bench: number;
  server: number;
  /** Each postgres process's own, by pid: what spentBetween compares, so that one that ends is not counted as less. */
  postgresByPid: ReadonlyMap<string, number>;
}

/** CPU spent by this process, the server process and PostgreSQL's processes (milliseconds, or µs an operation). */
export interface CpuCost {
  bench: number;
  server: number;
  postgres: number;
}

function processCpuMs(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
  } catch {
    return 0; // gone, or not Linux
  }
}

function postgresCpuMs(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') byPid.set(pid, processCpuMs(pid));
    } catch {
      // the process ended while we looked
    }
  }
  return byPid;
}

export function cpuSnapshot(serverPid?: number): CpuSnapshot {
  return {
    bench: processCpuMs(process.pid),
    server: serverPid ? processCpuMs(serverPid) : 0,
    postgresByPid: postgresCpuMs(),
  };
}

/**
 * CPU milliseconds each part spent between two snapshots. PostgreSQL's are those of its processes still there at the
 * second (a process started between counts whole): a backend that ended between (a pool closing an idle connection)
 * took its whole CPU time with it, which a difference of sums counted as less spent, even below nothing.
 */
export function spentBetween(before: CpuSnapshot, after: CpuSnapshot): CpuCost {
  let postgres = 0;
  for (const [pid, ms] of after.postgresByPid) postgres += ms - (before.postgresByPid.get(pid) ?? 0);
  return { bench: after.bench - before.bench, server: after.server - before.server, postgres };
}

/** CPU microseconds per operation spent by each part between two snapshots. */
export function cpuPerOp(before: CpuSnapshot, after: CpuSnapshot, ops: number): CpuCost {
  const spent = spentBetween(before, after);
  const per = (k: keyof CpuCost) => (spent[k] * 1000) / ops;
  return { bench: per('bench'), server: per('server'), postgres: per('postgres') };
}

/**
 * Resolves once the process has settled after its start: under `busyShare` of one core over each of `quietWindows`
 * windows of `windowMs` in a row (its background start, such as the lookups' indexes built in slices a few seconds
 * after it listens, is done). Throws after `maxMs`.
 */
export async function waitUntilSettled(
  pid: number,
  { windowMs = 500, quietWindows = 2, busyShare = 0.05, maxMs = 120_000 } = {},
): Promise<void> {
  const start = performance.now();
  let quiet = 0;
  let before = processCpuMs(pid);
  while (quiet < quietWindows) {
    if (performance.now() - start > maxMs) throw new Error(`process ${pid} still busy after ${maxMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = processCpuMs(pid);
    if (now === 0) throw new Error(`process ${pid} is gone`);
    quiet = now - before <= windowMs * busyShare ? quiet + 1 : 0;
    before = now;
  }
}
