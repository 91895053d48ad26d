export interface RetryOptions {
  /** How long a failure is kept before the next caller may try again; 0: at once. */
  retryAfterMs?: number;
  now?: () => number;
}

/**
 * `make` run once and its promise shared, unless it fails: a failed build is
 * forgotten (after `retryAfterMs`), so a later caller tries again instead of
 * failing until a restart, and a lasting failure is not retried at every call.
 */
export function onceUntilFailure<T>(make: () => Promise<T>, options: RetryOptions = {}): () => Promise<T> {
  const { retryAfterMs = 0, now = Date.now } = options;
  let made: Promise<T> | undefined;
  let retryAt: number | undefined;
  return () => {
    if (made && (retryAt === undefined || now() < retryAt)) return made;
    retryAt = undefined;
    made = make().catch((err: unknown) => {
      retryAt = now() + retryAfterMs;
      throw err;
    });
    return made;
  };
}
