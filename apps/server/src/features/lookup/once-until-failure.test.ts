import { describe, expect, it } from 'vitest';
import { onceUntilFailure } from './once-until-failure';

describe('a build made once, until it fails', () => {
  it('shares one build among every caller', async () => {
    let builds = 0;
    const get = onceUntilFailure(async () => ++builds);
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    expect(await get()).toBe(1);
  });

  it('keeps a failure for the time asked, then lets the next caller build again', async () => {
    let ms = 0;
    let builds = 0;
    const get = onceUntilFailure(
      async () => {
        if (++builds === 1) throw new Error('the thread stopped');
        return 'built';
      },
      { retryAfterMs: 60_000, now: () => ms },
    );
    await expect(get()).rejects.toThrow('the thread stopped');
    ms = 59_999;
    await expect(get()).rejects.toThrow('the thread stopped');
    expect(builds).toBe(1);

    ms = 60_000;
    expect(await get()).toBe('built');
    expect(await get()).toBe('built');
    expect(builds).toBe(2);
  });
});
