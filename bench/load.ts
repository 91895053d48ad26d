import { Pool, type Dispatcher } from 'undici';

export interface LatencyStats {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export function stats(latenciesMs: number[], seconds: number, errors: number): LatencyStats {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { count: sorted.length, seconds, perSecond: sorted.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}

/** Runs `total` calls of op with at most `concurrency` in flight (closed loop: as fast as it goes). */
export async function closedLoop(total: number, concurrency: number, op: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        try {
          await op(i);
          latencies.push(performance.now() - t0);
        } catch (err) {
          if (errors++ === 0) console.warn(`first failure: ${(err as Error).message}`);
        }
      }
    }),
  );
  return stats(latencies, (performance.now() - started) / 1000, errors);
}

/** Starts calls at a fixed rate whatever the answers do (open loop), as real users would. */
export async function fixedRate(perSecond: number, seconds: number, op: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let errors = 0;
  const total = perSecond * seconds;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      op(i).then(
        // Latency counts from when the call was due, so a stalled generator cannot hide queueing.
        () => void latencies.push(performance.now() - due),
        () => void errors++,
      ),
    );
  }
  await Promise.all(inFlight);
  return stats(latencies, (performance.now() - started) / 1000, errors);
}

const pools = new Map<string, Pool>();

/**
 * One JSON request over a kept-alive connection; rejects on any status but 200.
 * undici rather than node:http: the load generator shares the machine with the
 * server and the database, so it must spend as little CPU as it can.
 */
export async function request(url: URL, method: Dispatcher.HttpMethod, headers: Record<string, string>, body: unknown) {
  let pool = pools.get(url.origin);
  if (!pool) pools.set(url.origin, (pool = new Pool(url.origin, { connections: 256 })));
  const res = await pool.request({
    path: url.pathname + url.search,
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.body.dump();
  if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
}

/** Closes the kept-alive connections, so the process can exit. */
export async function closeConnections() {
  await Promise.all([...pools.values()].map((p) => p.close()));
  pools.clear();
}
