import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_BEFORE_MS } from '@admissions/domain';

/**
 * SPEC section 4 'Inactivity', without React: when to warn, when to log out
 * and when to tell the server the user is still there.
 *
 * Every decision is taken from wall-clock timestamps (Date.now), never from
 * how long a timer has waited: browsers throttle or freeze timers in
 * background tabs and while the machine sleeps, so a timer only says "look
 * at the clock again". Only Date.now, setTimeout and clearTimeout are used,
 * so fake clocks (Vitest's, Playwright's page.clock) control all of it.
 */

export interface InactivityTiming {
  /** Idle time after which the user is logged out. */
  timeoutMs: number;
  /** How long before the logout the warning appears. */
  warningBeforeMs: number;
  /** At most one keep-alive per this interval while the user is active. */
  keepAliveIntervalMs: number;
}

/** The server forgets a session after 15 minutes without a request; one keep-alive per 5 active minutes is plenty. */
export const KEEP_ALIVE_INTERVAL_MS = 5 * 60_000;

export const DEFAULT_INACTIVITY_TIMING: InactivityTiming = {
  timeoutMs: INACTIVITY_TIMEOUT_MS,
  warningBeforeMs: INACTIVITY_WARNING_BEFORE_MS,
  keepAliveIntervalMs: KEEP_ALIVE_INTERVAL_MS,
};

export type InactivityPhase = 'active' | 'warning' | 'expired';

/** The phase after `idleMs` without activity: warning from 14:00, expired from 15:00 (both inclusive). */
export function phaseAfter(idleMs: number, timing: InactivityTiming = DEFAULT_INACTIVITY_TIMING): InactivityPhase {
  if (idleMs >= timing.timeoutMs) return 'expired';
  if (idleMs >= timing.timeoutMs - timing.warningBeforeMs) return 'warning';
  return 'active';
}

/** How much longer, after `idleMs` idle, until the next phase starts (0 once expired). */
export function msUntilNextPhase(idleMs: number, timing: InactivityTiming = DEFAULT_INACTIVITY_TIMING): number {
  const warnAt = timing.timeoutMs - timing.warningBeforeMs;
  if (idleMs < warnAt) return warnAt - idleMs;
  return Math.max(0, timing.timeoutMs - idleMs);
}

/** Where other tabs of the same site record their last activity (see shared-activity.ts). */
export interface SharedActivity {
  read(): number | undefined;
  write(at: number): void;
}

export interface InactivityClockOptions {
  /** Told about every change of phase; 'expired' is told once and ends the clock. */
  onPhaseChange: (phase: InactivityPhase) => void;
  /** Send a keep-alive to the server now. */
  onKeepAlive: () => void;
  timing?: InactivityTiming;
  sharedActivity?: SharedActivity;
}

export interface InactivityClock {
  /** Starts counting, treating now as the last activity. */
  start(): void;
  /** Stops every timer; nothing is reported afterwards until start(). */
  stop(): void;
  /** The user did something. Ignored during the warning: only an explicit answer ends it. */
  recordActivity(): void;
  /** The user answered the warning with 'stay': back to active, with a keep-alive now. */
  stayLoggedIn(): void;
  /** Look at the wall clock again (tab visible again, another tab was active, a timer fired). */
  check(): void;
  phase(): InactivityPhase;
}

/** Shared-activity writes (local storage) happen at most this often. */
const SHARED_WRITE_INTERVAL_MS = 1000;

export function createInactivityClock({
  onPhaseChange,
  onKeepAlive,
  timing = DEFAULT_INACTIVITY_TIMING,
  sharedActivity,
}: InactivityClockOptions): InactivityClock {
  let running = false;
  let phase: InactivityPhase = 'active';
  /** This tab's last activity (or answer to the warning). */
  let lastActivityAt = 0;
  let lastSharedWriteAt = Number.NEGATIVE_INFINITY;
  /** When this tab last sent a keep-alive; none yet after start. */
  let lastKeepAliveAt: number | undefined;
  let phaseTimer: ReturnType<typeof setTimeout> | undefined;
  let keepAliveTimer: ReturnType<typeof setTimeout> | undefined;

  const clearTimers = () => {
    clearTimeout(phaseTimer);
    clearTimeout(keepAliveTimer);
    phaseTimer = undefined;
    keepAliveTimer = undefined;
  };

  /** The latest activity of this tab or any other; a time in the future (clock changed) is not believed. */
  const lastSeenAt = (now: number) => {
    const shared = sharedActivity?.read();
    return shared !== undefined && shared > lastActivityAt && shared <= now ? shared : lastActivityAt;
  };

  const share = (now: number, force: boolean) => {
    if (!sharedActivity || (!force && now - lastSharedWriteAt < SHARED_WRITE_INTERVAL_MS)) return;
    lastSharedWriteAt = now;
    sharedActivity.write(now);
  };

  const sendKeepAlive = (now: number) => {
    lastKeepAliveAt = now;
    clearTimeout(keepAliveTimer);
    keepAliveTimer = undefined;
    onKeepAlive();
  };

  /**
   * Leading and trailing throttle: the first activity after a quiet interval
   * sends at once; activity inside the interval sends one more when it ends.
   * So the server's last request is never older than this tab's last
   * activity, and the server cannot time out before this clock does.
   */
  const keepAliveForActivity = (now: number) => {
    if (lastKeepAliveAt === undefined || now - lastKeepAliveAt >= timing.keepAliveIntervalMs) {
      sendKeepAlive(now);
    } else if (keepAliveTimer === undefined) {
      keepAliveTimer = setTimeout(onTrailingKeepAlive, lastKeepAliveAt + timing.keepAliveIntervalMs - now);
    }
  };

  const onTrailingKeepAlive = () => {
    keepAliveTimer = undefined;
    check();
    if (running && phase === 'active' && lastKeepAliveAt !== undefined && lastActivityAt > lastKeepAliveAt) {
      sendKeepAlive(Date.now());
    }
  };

  const enter = (next: InactivityPhase, now: number) => {
    if (next === phase) return;
    phase = next;
    if (next === 'expired') {
      running = false;
      clearTimers();
    } else if (next === 'warning') {
      // The logout at the end of the warning first saves unsaved answers,
      // which needs a live server session; this keeps it alive past that.
      sendKeepAlive(now);
    }
    onPhaseChange(next);
  };

  function check(): void {
    if (!running) return;
    const now = Date.now();
    const idle = now - lastSeenAt(now);
    const next = phaseAfter(idle, timing);
    // During the warning only an explicit answer, or activity in another tab, goes back to active.
    enter(next, now);
    if (!running) return;
    clearTimeout(phaseTimer);
    phaseTimer = setTimeout(check, msUntilNextPhase(idle, timing));
  }

  return {
    start() {
      clearTimers();
      running = true;
      phase = 'active';
      const now = Date.now();
      lastActivityAt = now;
      lastKeepAliveAt = undefined;
      share(now, true);
      phaseTimer = setTimeout(check, msUntilNextPhase(0, timing));
    },

    stop() {
      running = false;
      clearTimers();
    },

    recordActivity() {
      if (!running || phase !== 'active') return;
      const now = Date.now();
      // The timer may not have fired yet (sleep, frozen tab): past the limit, activity comes too late.
      // This tab's own time is checked first, so the shared one is read only after a long pause.
      if (now - lastActivityAt >= timing.timeoutMs && now - lastSeenAt(now) >= timing.timeoutMs) {
        check();
        return;
      }
      // Cheap on purpose, as events such as scroll come in bursts: a timestamp, a storage write at most once a
      // second and the keep-alive throttle; no timer is moved (check() reads the timestamp when its timer fires).
      lastActivityAt = now;
      share(now, false);
      keepAliveForActivity(now);
    },

    stayLoggedIn() {
      if (!running) return;
      const now = Date.now();
      if (now - lastSeenAt(now) >= timing.timeoutMs) {
        check();
        return;
      }
      lastActivityAt = now;
      share(now, true);
      sendKeepAlive(now);
      enter('active', now);
      check();
    },

    check,

    phase: () => phase,
  };
}
