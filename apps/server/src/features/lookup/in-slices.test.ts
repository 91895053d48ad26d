import { describe, expect, it } from 'vitest';
import { runAtOnce, runInSlices, type Steps } from './in-slices';

function* sixSteps(log: string[]): Steps<string> {
  for (let i = 0; i < 6; i++) {
    log.push(`step ${i}`);
    yield;
  }
  return 'built';
}

describe('work in slices', () => {
  it('lets other work run each time a slice is spent, then gives the result', async () => {
    const log: string[] = [];
    let ms = 0;
    const now = () => ms++; // each look at the clock is a millisecond later
    setImmediate(() => log.push('a request'));

    const result = await runInSlices(sixSteps(log), { sliceMs: 3, now });

    expect(result).toBe('built');
    expect(log).toEqual(['step 0', 'step 1', 'step 2', 'a request', 'step 3', 'step 4', 'step 5']);
  });

  it('at once, nothing else runs until every step is done', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('a request'));

    expect(runAtOnce(sixSteps(log))).toBe('built');
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['step 0', 'step 1', 'step 2', 'step 3', 'step 4', 'step 5', 'a request']);
  });
});
