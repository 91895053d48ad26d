import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  createInactivityClock,
  msUntilNextPhase,
  phaseAfter,
  type InactivityClockOptions,
  type InactivityPhase,
  type SharedActivity,
} from './inactivity-clock';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('phases', () => {
  test('warning from 14:00 idle, expired from 15:00', () => {
    expect(phaseAfter(0)).toBe('active');
    expect(phaseAfter(14 * MINUTE - 1)).toBe('active');
    expect(phaseAfter(14 * MINUTE)).toBe('warning');
    expect(phaseAfter(15 * MINUTE - 1)).toBe('warning');
    expect(phaseAfter(15 * MINUTE)).toBe('expired');
    expect(phaseAfter(3 * 60 * MINUTE)).toBe('expired');
  });

  test('the time to the next phase', () => {
    expect(msUntilNextPhase(0)).toBe(14 * MINUTE);
    expect(msUntilNextPhase(10 * MINUTE)).toBe(4 * MINUTE);
    expect(msUntilNextPhase(14 * MINUTE)).toBe(MINUTE);
    expect(msUntilNextPhase(20 * MINUTE)).toBe(0);
  });
});

describe('inactivity clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date('2025-03-01T09:00:00Z') });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  function startClock(options: Partial<InactivityClockOptions> = {}) {
    const phases: InactivityPhase[] = [];
    const keepAlive = vi.fn();
    const clock = createInactivityClock({ onPhaseChange: (p) => phases.push(p), onKeepAlive: keepAlive, ...options });
    clock.start();
    return { clock, phases, keepAlive };
  }

  test('warns at 14:00, not at 13:59.999, and expires at 15:00', () => {
    const { clock, phases } = startClock();

    vi.advanceTimersByTime(14 * MINUTE - 1);
    expect(phases).toEqual([]);

    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['warning']);
    expect(clock.phase()).toBe('warning');

    vi.advanceTimersByTime(MINUTE - 1);
    expect(phases).toEqual(['warning']);
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['warning', 'expired']);

    // Over: nothing more is reported.
    vi.advanceTimersByTime(60 * MINUTE);
    clock.recordActivity();
    expect(phases).toEqual(['warning', 'expired']);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('activity pushes the warning back, counted from the last activity', () => {
    const { clock, phases } = startClock();
    vi.advanceTimersByTime(10 * MINUTE);
    clock.recordActivity();

    vi.advanceTimersByTime(14 * MINUTE - 1);
    expect(phases).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['warning']);
  });

  test('activity during the warning does not end it; staying does', () => {
    const { clock, phases } = startClock();
    vi.advanceTimersByTime(14 * MINUTE);

    clock.recordActivity();
    expect(clock.phase()).toBe('warning');

    vi.advanceTimersByTime(30 * SECOND);
    clock.stayLoggedIn();
    expect(phases).toEqual(['warning', 'active']);

    // A full new period from the answer.
    vi.advanceTimersByTime(14 * MINUTE - 1);
    expect(phases).toEqual(['warning', 'active']);
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['warning', 'active', 'warning']);
  });

  test('a late timer does not help: past 15 minutes by the wall clock, activity expires instead', () => {
    const { clock, phases } = startClock();
    // The machine slept: the clock jumped, no timer ran.
    vi.setSystemTime(Date.now() + 40 * MINUTE);

    clock.recordActivity();

    expect(phases).toEqual(['expired']);
  });

  test('check() after a long hidden time expires without a warning first', () => {
    const { clock, phases } = startClock();
    vi.setSystemTime(Date.now() + 15 * MINUTE + 1);

    clock.check();

    expect(phases).toEqual(['expired']);
  });

  test('keep-alives: leading, at most one per 5 minutes, one trailing for activity inside the interval', () => {
    const { clock, keepAlive } = startClock();
    expect(keepAlive).not.toHaveBeenCalled();

    vi.advanceTimersByTime(SECOND);
    clock.recordActivity();
    expect(keepAlive).toHaveBeenCalledTimes(1);

    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(MINUTE);
      clock.recordActivity();
    }
    expect(keepAlive).toHaveBeenCalledTimes(1);

    // 5:01, five minutes after the first: the trailing one for the activity since.
    vi.advanceTimersByTime(MINUTE);
    expect(keepAlive).toHaveBeenCalledTimes(2);

    // No activity since: nothing more until the warning.
    vi.advanceTimersByTime(12 * MINUTE);
    expect(keepAlive).toHaveBeenCalledTimes(2);
  });

  test('the warning and staying each send a keep-alive, so the session outlives the logout', () => {
    const { clock, keepAlive } = startClock();
    vi.advanceTimersByTime(14 * MINUTE);
    expect(keepAlive).toHaveBeenCalledTimes(1);
    clock.stayLoggedIn();
    expect(keepAlive).toHaveBeenCalledTimes(2);
  });

  test('activity in another tab counts, and ends a warning', () => {
    let shared: number | undefined;
    const sharedActivity: SharedActivity = { read: () => shared, write: (at) => (shared = at) };
    const { clock, phases, keepAlive } = startClock({ sharedActivity });
    expect(shared).toBe(Date.now());

    vi.advanceTimersByTime(10 * MINUTE);
    shared = Date.now(); // the other tab
    vi.advanceTimersByTime(10 * MINUTE);
    expect(phases).toEqual([]);
    vi.advanceTimersByTime(4 * MINUTE);
    expect(phases).toEqual(['warning']);

    vi.advanceTimersByTime(10 * SECOND);
    shared = Date.now();
    clock.check();
    expect(phases).toEqual(['warning', 'active']);
    // The other tab keeps the server alive itself.
    expect(keepAlive).toHaveBeenCalledTimes(1);
  });

  test('a shared time in the future is not believed', () => {
    const sharedActivity: SharedActivity = { read: () => Date.now() + 60 * MINUTE, write: () => {} };
    const { phases } = startClock({ sharedActivity });
    vi.advanceTimersByTime(15 * MINUTE);
    expect(phases).toEqual(['warning', 'expired']);
  });

  test('stop() ends every timer', () => {
    const { clock, phases, keepAlive } = startClock();
    clock.recordActivity();
    vi.advanceTimersByTime(SECOND);
    clock.recordActivity();
    clock.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(phases).toEqual([]);
    expect(keepAlive).toHaveBeenCalledTimes(1);
  });
});
