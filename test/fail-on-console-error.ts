import { afterEach, beforeEach, expect, vi } from 'vitest';

/**
 * A console.error during a test is a failure (developers' guide): it usually
 * means a React warning, an unhandled rejection or a swallowed server error.
 */
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  const seen = calls;
  vi.mocked(console.error).mockRestore();
  expect(seen, 'console.error was called during the test').toEqual([]);
});
