import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds so far of this process, the server process, and every postgres process on this machine. */
export interface CpuSnapshot {
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

function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

export function cpuSnapshot(serverPid?: number): CpuSnapshot {
  return {
    bench: processCpuMs(process.pid),
    server: serverPid ? processCpuMs(serverPid) : 0,
    postgres: postgresCpuMs(),
  };
}

/** CPU microseconds per operation of each part. */
export type CpuCost = CpuSnapshot;

/** CPU microseconds per operation spent by each part between two snapshots. */
export function cpuPerOp(before: CpuSnapshot, after: CpuSnapshot, ops: number): CpuCost {
  const per = (k: keyof CpuSnapshot) => ((after[k] - before[k]) * 1000) / ops;
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
