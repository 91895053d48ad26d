import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';
import { HOUR } from '../time-units';

describe('startPeriodicJob', () => {
  let job: PeriodicJob | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    await job?.stop();
    job = undefined;
    vi.useRealTimers();
  });

  const logger = () => ({ error: vi.fn() });

  it('runs at start and then every interval', async () => {
    const run = vi.fn(async () => {});
    job = startPeriodicJob({ name: 'test', everyMs: HOUR, run, logger: logger() });
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('logs a failure and runs again at the next interval', async () => {
    const log = logger();
    const run = vi.fn().mockRejectedValueOnce(new Error('database is down')).mockResolvedValue(undefined);
    job = startPeriodicJob({ name: 'purge', everyMs: HOUR, run, logger: log });
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ job: 'purge', err: new Error('database is down') });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('never starts a run while the previous one is still going', async () => {
    let finish = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    job = startPeriodicJob({ name: 'slow', everyMs: HOUR, run, logger: logger() });
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
  });

  it('stops: waits for the run under way and starts no other', async () => {
    let finish = () => {};
    let finished = false;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)).then(() => void (finished = true)));
    const started = startPeriodicJob({ name: 'stopping', everyMs: HOUR, run, logger: logger() });
    const stopped = started.stop().then(() => finished);
    finish();
    expect(await stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * HOUR);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
