import { describe, expect, it } from 'vitest';
import { isoInstant } from './iso-instant';

describe('an instant written as the API shows it', () => {
  it('reads as toISOString writes it: the epoch, leap days, ends of months, years and centuries, the last four-digit year', () => {
    for (const at of [
      '1970-01-01T00:00:00.000Z',
      '1999-12-31T23:59:59.999Z',
      '2000-02-29T12:34:56.789Z',
      '2000-03-01T00:00:00.000Z',
      '2024-02-29T23:59:59.999Z',
      '2026-12-01T00:09:04.123Z',
      '2100-02-28T08:00:00.001Z',
      '2100-03-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ])
      expect(isoInstant(Date.parse(at))).toBe(at);
  });

  it('reads as toISOString writes it for any whole millisecond from 1970 to 9999', () => {
    let seed = 45;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const last = Date.parse('9999-12-31T23:59:59.999Z');
    const differing: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      const ms = Math.floor(random() * last);
      if (isoInstant(ms) !== new Date(ms).toISOString()) differing.push(`${ms}: ${isoInstant(ms)}`);
    }
    expect(differing).toEqual([]);
  });

  it('leaves instants before 1970, past 9999 or between milliseconds to toISOString', () => {
    for (const ms of [-1, -86_400_000 * 365.25 * 100, Date.parse('9999-12-31T23:59:59.999Z') + 1, 8.64e15, 1.5])
      expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
  });
});
