import type { Clock } from '../infra/clock';

/**
 * The system's time moved ahead by what a test asked: time still passes
 * (sessions, limits and queues behave as in production), and a test can
 * jump forward to a scheduled instant without waiting for it.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('a clock only moves forward');
    this.offsetMs += ms;
  }
}
