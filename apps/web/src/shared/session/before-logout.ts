/**
 * Work to finish before any logout (the Log Out button, the inactivity
 * logout, 'No - Please log me out'), such as saving answers typed but not yet
 * saved. Features register here, so shared/session depends on
 * none of them:
 *
 *   useEffect(() => registerBeforeLogout(() => flush()), [flush]);
 */
type BeforeLogout = () => Promise<void>;

const registered = new Set<BeforeLogout>();

/** The logout waits at most this long for the registered functions. */
export const BEFORE_LOGOUT_TIME_LIMIT_MS = 5000;

/** Registers `fn`; returns the function that unregisters it (fit as an effect's clean-up). */
export function registerBeforeLogout(fn: BeforeLogout): () => void {
  // Wrapped so that registering the same function twice (e.g. two mounted forms) keeps two entries.
  const entry: BeforeLogout = () => fn();
  registered.add(entry);
  return () => {
    registered.delete(entry);
  };
}

/**
 * Runs every registered function at once and resolves when all have settled
 * or the time limit has passed, whichever comes first. Failures are ignored:
 * the logout happens regardless.
 */
export async function runBeforeLogout(timeLimitMs = BEFORE_LOGOUT_TIME_LIMIT_MS): Promise<void> {
  if (registered.size === 0) return;
  // Promise.resolve().then: a function that throws instead of rejecting is also caught.
  const all = Promise.allSettled([...registered].map((fn) => Promise.resolve().then(fn)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeLimitMs);
  });
  try {
    await Promise.race([all, limit]);
  } finally {
    clearTimeout(timer);
  }
}
