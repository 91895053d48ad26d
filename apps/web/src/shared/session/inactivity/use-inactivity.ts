import { useCallback, useEffect, useRef, useState } from 'react';
import { createInactivityClock, type InactivityClock, type InactivityPhase } from './inactivity-clock';
import { localStorageActivity, SHARED_ACTIVITY_KEY } from './shared-activity';

/** What counts as the user doing something (SPEC section 4 'Inactivity'). */
export const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'input', 'scroll', 'touchstart'] as const;

interface UseInactivityOptions {
  /** The clock runs only while this is true (logged in). */
  enabled: boolean;
  /** The time ran out (reported once per run of the clock). */
  onTimeout: () => void;
  /** Send a keep-alive now. */
  onKeepAlive: () => void;
}

export interface Inactivity {
  phase: InactivityPhase;
  /** The user's answer 'stay logged in': back to active, with a keep-alive. */
  stayLoggedIn: () => void;
  /** Stops the clock (the user chose to log out): no more warning changes or timeout. */
  stop: () => void;
}

/**
 * Runs the inactivity clock while `enabled`, fed by the user's activity, by
 * the tab becoming visible or focused again and by other tabs' activity.
 */
export function useInactivity({ enabled, onTimeout, onKeepAlive }: UseInactivityOptions): Inactivity {
  const [phase, setPhase] = useState<InactivityPhase>('active');
  const clockRef = useRef<InactivityClock | null>(null);
  // The latest callbacks, so the clock does not restart when they change.
  const callbacks = useRef({ onTimeout, onKeepAlive });
  useEffect(() => {
    callbacks.current = { onTimeout, onKeepAlive };
  });

  useEffect(() => {
    if (!enabled) return;
    const clock = createInactivityClock({
      sharedActivity: localStorageActivity,
      onKeepAlive: () => callbacks.current.onKeepAlive(),
      onPhaseChange: (next) => {
        setPhase(next);
        if (next === 'expired') callbacks.current.onTimeout();
      },
    });
    clockRef.current = clock;

    // The handler only stores a timestamp (no render, no timer moved), so bursts of scroll or key events cost nothing.
    const onActivity = () => clock.recordActivity();
    const onVisible = () => {
      if (document.visibilityState === 'visible') clock.check();
    };
    const onFocus = () => clock.check();
    const onStorage = (event: StorageEvent) => {
      if (event.key === SHARED_ACTIVITY_KEY) clock.check();
    };
    // Capture: scroll does not bubble, and a handler that stops propagation must not hide activity.
    const listenerOptions = { capture: true, passive: true } as const;

    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, onActivity, listenerOptions);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    window.addEventListener('pageshow', onFocus);
    window.addEventListener('storage', onStorage);
    clock.start();

    return () => {
      clock.stop();
      clockRef.current = null;
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, listenerOptions);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('pageshow', onFocus);
      window.removeEventListener('storage', onStorage);
      setPhase('active');
    };
  }, [enabled]);

  const stayLoggedIn = useCallback(() => clockRef.current?.stayLoggedIn(), []);
  const stop = useCallback(() => clockRef.current?.stop(), []);

  return { phase, stayLoggedIn, stop };
}
