import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error';
import { createInFlightLimit } from './in-flight-limit';

/** Two runs at once, one a key, four more waiting up to 10 s. */
const twoAtOnce = () =>
  createInFlightLimit({ perKey: 1, total: 2, retryAfterSeconds: 2, queue: { max: 4, maxWaitMs: 10_000 } });

/** Work the test ends when it chooses. */
function work() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

/** What a run came to: its order of starting, or the refusal's code. */
async function outcome(run: Promise<unknown>) {
  return run.then(
    (v) => v,
    (err: unknown) => (err instanceof AppError ? err.code : err),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the in-flight limit', () => {
  it('runs up to its limits at once; the rest wait their turn, first come first served, and all finish', async () => {
    const limit = twoAtOnce();
    const started: string[] = [];
    const jobs = new Map<string, ReturnType<typeof work>>();
    const run = (name: string, key = name) =>
      limit.run(key, async () => {
        started.push(name);
        const w = work();
        jobs.set(name, w);
        await w.done;
        return name;
      });
    const runs = [run('a'), run('b'), run('c'), run('d')];
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect(limit.waiting()).toBe(2);
    jobs.get('b')!.finish();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c']));
    jobs.get('a')!.finish();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c', 'd']));
    jobs.get('c')!.finish();
    jobs.get('d')!.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(limit.inFlight()).toBe(0);
  });

  it("keeps one key to its own limit: its second run waits, and a later key's run goes first", async () => {
    const limit = twoAtOnce();
    const started: string[] = [];
    const first = work();
    const one = limit.run('same', async () => {
      started.push('same 1');
      await first.done;
    });
    const two = limit.run('same', async () => {
      started.push('same 2');
    });
    const other = limit.run('other', async () => {
      started.push('other');
    });
    await other;
    expect(started).toEqual(['same 1', 'other']);
    first.finish();
    await Promise.all([one, two]);
    expect(started).toEqual(['same 1', 'other', 'same 2']);
  });

  it('refuses at once beyond its limits when it has no queue', async () => {
    const limit = createInFlightLimit({ perKey: 1, total: 1, retryAfterSeconds: 2 });
    const held = work();
    const running = limit.run('a', () => held.done);
    const refused = await limit.run('b', async () => 'ran').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 2 });
    held.finish();
    await running;
  });
});

/**
 * One place, one waiting: 'a' runs (held), 'b' waits, and 'c' is refused at once. Fake timers, so the
 * test moves time past the longest wait itself.
 */
async function fullLimit() {
  vi.useFakeTimers();
  const limit = createInFlightLimit({ perKey: 1, total: 1, retryAfterSeconds: 2, queue: { max: 1, maxWaitMs: 5_000 } });
  const held = work();
  const running = limit.run('a', () => held.done);
  const waiting = outcome(limit.run('b', async () => 'b ran'));
  expect(await outcome(limit.run('c', async () => 'c ran'))).toBe('RATE_LIMITED');
  return { limit, waiting, release: () => (held.finish(), running) };
}

describe('the in-flight limit, full', () => {
  it('answers 429 at once when the queue is full, and after the longest wait', async () => {
    const { limit, waiting, release } = await fullLimit();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(limit.waiting()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBe('RATE_LIMITED');
    expect(limit.waiting()).toBe(0);
    await release();
    expect(await outcome(limit.run('d', async () => 'd ran'))).toBe('d ran');
  });

  it('lets a patient run wait beyond the queue and its longest wait, in turn, and run', async () => {
    const { limit, waiting, release } = await fullLimit();
    const patient = outcome(limit.run('d', async () => 'd ran', { patient: true }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await waiting).toBe('RATE_LIMITED');
    expect(limit.waiting()).toBe(1);
    await release();
    expect(await patient).toBe('d ran');
  });
});
