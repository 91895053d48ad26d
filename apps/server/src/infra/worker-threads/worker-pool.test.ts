import { afterEach, describe, expect, it, vi } from 'vitest';
import { everyThreadsNice, niceOf, ownThreadId, THREAD_PRIORITIES_VISIBLE } from './thread-nice.test-helper';
import { createWorkerPool, type WorkerPool } from './worker-pool';

const SLOW_THREAD = new URL('./test-threads/slow-loading-thread.mjs', import.meta.url);
const TURN_THREAD = new URL('./test-threads/turn-taking-thread.mjs', import.meta.url);
const MISSING_THREAD = new URL('./test-threads/no-such-thread.mjs', import.meta.url);

/** A job of the turn-taking thread: held at `gate` (see gate()) until the test opens it, if given; or one that crashes the thread. */
interface TurnJob {
  name: string;
  gate?: Int32Array;
  crash?: boolean;
}
/** Every job's beginning and end on the thread so far, and the thread's kernel id (Linux). */
interface TurnAnswer {
  events: string[];
  tid: number | null;
}

let pool: WorkerPool<string, string> | undefined;
let turns: WorkerPool<TurnJob, TurnAnswer> | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await pool?.close();
  await turns?.close();
  pool = undefined;
  turns = undefined;
  delete process.env.SLOW_LOAD_MS;
});

const errors = {
  failed: (error: string) => new Error(`failed: ${error}`),
  overran: (_job: unknown, limitMs: number) => new Error(`took longer than ${limitMs} ms`),
  stopped: (code: number) => new Error(`stopped (${code})`),
  closed: () => new Error('closed'),
};

function slowPool(timeoutMs: number) {
  return createWorkerPool<string, string, string>({
    entry: SLOW_THREAD,
    timeoutMs,
    read: (answer) => answer,
    errors,
  });
}

function turnPool(timeoutMs: number, niceness?: number, entry = TURN_THREAD) {
  return createWorkerPool<TurnJob, TurnAnswer, TurnAnswer>({
    entry,
    timeoutMs,
    ...(niceness === undefined ? {} : { niceness }),
    read: (answer) => answer,
    errors,
  });
}

/** A gate for a job of the turn-taking thread, shared with the thread. */
const gate = () => new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
/** Atomics.waitAsync (Node 16 and later), which the project's TypeScript library (ES2023) does not declare yet. */
const { waitAsync } = Atomics as unknown as {
  waitAsync(array: Int32Array, index: number, value: number): { value: Promise<string> | string };
};
/** Resolves once the job held at the gate has begun on the thread. */
const begun = async (g: Int32Array) => {
  await waitAsync(g, 0, 0).value;
};
const open = (g: Int32Array) => {
  Atomics.store(g, 1, 1);
  Atomics.notify(g, 1);
};

describe('a worker pool', () => {
  it('times a job from when its thread has loaded, so a slow start fails nothing', async () => {
    // The thread reads its environment when it starts (a copy of the parent's).
    process.env.SLOW_LOAD_MS = '1500';
    pool = slowPool(200);
    expect(await Promise.all([pool.run('a'), pool.run('b')])).toEqual(['echo a', 'echo b']);
    // A job that overruns a ready thread still fails: pdf-renderer.test.ts, 'fails a drawing that takes too long'.
  });

  it('gives its thread one job at a time: a job asked for meanwhile begins once the one before has ended', async () => {
    turns = turnPool(30_000);
    const answered: string[] = [];
    const asked = ['a', 'b', 'c'].map((name) =>
      turns!.run({ name }).then((answer) => {
        answered.push(name);
        return answer;
      }),
    );
    const [, , last] = await Promise.all(asked);
    expect(answered).toEqual(['a', 'b', 'c']);
    expect(last!.events).toEqual(['a began', 'a ended', 'b began', 'b ended', 'c began', 'c ended']);
  });

  it("counts a job's time limit from when it begins, not while it waits behind another", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    turns = turnPool(1_000);
    const [a, b, c] = [gate(), gate(), gate()];
    const first = turns.run({ name: 'a', gate: a });
    const second = turns.run({ name: 'b', gate: b });
    await begun(a);
    vi.advanceTimersByTime(900);
    open(a);
    await first;
    await begun(b);
    // b has waited 900 ms and run 900 more: 1,800 ms since it was asked for, 900 of them its own.
    vi.advanceTimersByTime(900);
    open(b);
    expect((await second).events).toEqual(['a began', 'a ended', 'b began', 'b ended']);

    // Its own time still counts: a job that runs past its limit fails.
    const third = turns.run({ name: 'c', gate: c });
    await begun(c);
    vi.advanceTimersByTime(1_000);
    await expect(third).rejects.toThrow('took longer than 1000 ms');
  });

  it('runs the job waiting behind one that overran on a fresh thread; only the one that overran fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    turns = turnPool(1_000);
    const stuck = gate();
    const overran = expect(turns.run({ name: 'stuck', gate: stuck })).rejects.toThrow('took longer than 1000 ms');
    const waiting = turns.run({ name: 'next' });
    await begun(stuck);
    vi.advanceTimersByTime(1_000);
    await overran;
    const answer = await waiting;
    // A fresh thread: it never saw the stuck job.
    expect(answer.events).toEqual(['next began', 'next ended']);
    if (THREAD_PRIORITIES_VISIBLE) expect(answer.tid).not.toBe(Atomics.load(stuck, 2));
  });

  it('runs the jobs waiting behind one that crashed its thread on a fresh thread; only the crashed one fails', async () => {
    turns = turnPool(30_000);
    const crashed = expect(turns.run({ name: 'bad', crash: true })).rejects.toThrow('bad crashed the thread');
    const waiting = turns.run({ name: 'next' });
    await crashed;
    expect((await waiting).events).toEqual(['next began', 'next ended']);
  });

  it('fails every job waiting for a thread that dies before it is ready, and tries a fresh thread for the next', async () => {
    // A fresh thread would die the same way: the waiting jobs fail together instead of starting thread after thread.
    turns = turnPool(30_000, undefined, MISSING_THREAD);
    const asked = [turns.run({ name: 'a' }), turns.run({ name: 'b' })];
    for (const job of asked) await expect(job).rejects.toThrow(/no-such-thread\.mjs/);
    await expect(turns.run({ name: 'c' })).rejects.toThrow(/no-such-thread\.mjs/);
  });

  it('fails the job that is running and the jobs waiting when it is closed', async () => {
    turns = turnPool(30_000);
    const held = gate();
    const running = expect(turns.run({ name: 'held', gate: held })).rejects.toThrow('closed');
    const waiting = expect(turns.run({ name: 'waiting' })).rejects.toThrow('closed');
    await begun(held);
    await turns.close();
    await running;
    await waiting;
  });

  it.skipIf(!THREAD_PRIORITIES_VISIBLE)(
    "lowers its thread's CPU priority to the niceness asked for, and no other thread's",
    async () => {
      const ownTid = ownThreadId();
      const before = everyThreadsNice();
      turns = turnPool(30_000, 10);
      const { tid } = await turns.run({ name: 'a' });
      expect(tid).not.toBeNull();
      expect(niceOf(tid!)).toBe(Math.max(10, before.get(ownTid)!));
      // Every other thread of the process, this test's own included, is as it was.
      const after = everyThreadsNice();
      for (const [other, nice] of before) if (after.has(other)) expect(after.get(other)).toBe(nice);
      expect(niceOf(ownTid)).toBe(before.get(ownTid));
      await turns.close();

      // Without a niceness the thread runs at the process's priority.
      turns = turnPool(30_000);
      const plain = await turns.run({ name: 'b' });
      expect(niceOf(plain.tid!)).toBe(before.get(ownTid));
    },
  );
});
