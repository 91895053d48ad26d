import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { registerBeforeLogout, runBeforeLogout } from './before-logout';

describe('before auto logout', () => {
  const unregister: Array<() => void> = [];
  const register = (fn: () => Promise<void>) => unregister.push(registerBeforeLogout(fn));

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });

  afterEach(() => {
    for (const fn of unregister.splice(0)) fn();
    vi.useRealTimers();
  });

  test('resolves at once when nothing is registered', async () => {
    await expect(runBeforeLogout()).resolves.toBeUndefined();
  });

  test('waits for every registered function, ignoring failures', async () => {
    let release!: () => void;
    const slow = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const failing = vi.fn(() => Promise.reject(new Error('save failed')));
    const throwing = vi.fn((): Promise<void> => {
      throw new Error('sync failure');
    });
    register(slow);
    register(failing);
    register(throwing);

    let done = false;
    const run = runBeforeLogout().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(slow).toHaveBeenCalledTimes(1);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(throwing).toHaveBeenCalledTimes(1);
    expect(done).toBe(false);

    release();
    await run;
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('gives up after the time limit', async () => {
    register(() => new Promise<void>(() => {}));
    let done = false;
    const run = runBeforeLogout(5000).then(() => (done = true));

    await vi.advanceTimersByTimeAsync(4999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(done).toBe(true);
  });

  test('an unregistered function is not run; the same function may be registered twice', async () => {
    const fn = vi.fn(() => Promise.resolve());
    const first = registerBeforeLogout(fn);
    register(fn);
    first();
    first();

    await runBeforeLogout();

    expect(fn).toHaveBeenCalledTimes(1);
  });
});
