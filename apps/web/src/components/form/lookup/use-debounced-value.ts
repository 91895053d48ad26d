import { useEffect, useRef, useState } from 'react';

/**
 * The value once it has stopped changing for `waitMs`, but at least every
 * `maxWaitMs` while it keeps changing (SPEC section 4: 200 ms, at most 500 ms),
 * so a fast typist still sees results as they type.
 */
export function useDebouncedValue<T>(value: T, waitMs: number, maxWaitMs: number): T {
  const [settled, setSettled] = useState(value);
  const pendingSince = useRef<number | null>(null);

  useEffect(() => {
    if (Object.is(value, settled)) {
      pendingSince.current = null;
      return;
    }
    const now = Date.now();
    pendingSince.current ??= now;
    const delay = Math.max(0, Math.min(waitMs, pendingSince.current + maxWaitMs - now));
    const timer = setTimeout(() => {
      pendingSince.current = null;
      setSettled(value);
    }, delay);
    return () => clearTimeout(timer);
  }, [value, settled, waitMs, maxWaitMs]);

  return settled;
}
