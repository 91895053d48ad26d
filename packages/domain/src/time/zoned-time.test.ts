import { describe, expect, it } from 'vitest';
import {
  formatForReader,
  formatInSecondZone,
  formatInZone,
  localTimeToInstant,
  sameWallClock,
  zoneName,
} from './zoned-time';

describe('local times in a zone', () => {
  it('turns a Chicago winter evening into its instant', () => {
    expect(localTimeToInstant('2027-01-15T23:59', 'America/Chicago')?.toISOString()).toBe('2027-01-16T05:59:00.000Z');
  });

  it('uses summer time in summer', () => {
    expect(localTimeToInstant('2027-07-01T12:00', 'America/Chicago')?.toISOString()).toBe('2027-07-01T17:00:00.000Z');
  });

  it('refuses a time in the spring daylight-saving gap', () => {
    expect(localTimeToInstant('2027-03-14T02:30', 'America/Chicago')).toBeNull();
    expect(localTimeToInstant('2027-03-14T03:00', 'America/Chicago')?.toISOString()).toBe('2027-03-14T08:00:00.000Z');
  });

  it('takes the earlier of the repeated autumn hour', () => {
    expect(localTimeToInstant('2027-11-07T01:30', 'America/Chicago')?.toISOString()).toBe('2027-11-07T06:30:00.000Z');
  });

  it('refuses what is not a local date and time', () => {
    expect(localTimeToInstant('2027-02-30T10:00', 'America/Chicago')).toBeNull();
    expect(localTimeToInstant('2027-01-15 23:59', 'America/Chicago')).toBeNull();
    expect(localTimeToInstant('2027-01-15T24:00', 'America/Chicago')).toBeNull();
  });
});

describe('instants shown with their zone', () => {
  const deadline = new Date('2027-01-16T05:59:00Z');

  it('names the zone and the weekday', () => {
    expect(formatInZone(deadline, 'America/Chicago')).toBe('11:59 pm Central Time on Friday, 15 January 2027');
    expect(zoneName(deadline, 'Asia/Tokyo')).toBe('Japan Standard Time');
  });

  it('shows the same instant in a second zone', () => {
    expect(formatInSecondZone(deadline, 'Asia/Tokyo')).toBe('2:59 pm on Saturday, 16 January');
    expect(sameWallClock(deadline, 'America/Chicago', 'America/Winnipeg')).toBe(true);
    expect(sameWallClock(deadline, 'America/Chicago', 'Asia/Tokyo')).toBe(false);
  });
});

describe('an instant for a reader in another zone', () => {
  const deadline = new Date('2027-01-16T05:59:00Z');
  it('names both times when the reader’s clock differs, and one when it does not', () => {
    expect(formatForReader(deadline, 'America/Chicago', 'Asia/Tokyo')).toBe(
      '11:59 pm Central Time on Friday, 15 January 2027, which is 2:59 pm on Saturday, 16 January in your time zone',
    );
    expect(formatForReader(deadline, 'America/Chicago', 'America/Winnipeg')).toBe(
      '11:59 pm Central Time on Friday, 15 January 2027',
    );
  });
});
