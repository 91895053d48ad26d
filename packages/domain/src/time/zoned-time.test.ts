import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  formatDateInZone,
  formatForReader,
  formatInSecondZone,
  formatInZone,
  formatLocalDate,
  formatSpreadsheetTime,
  localDateOf,
  localDayTimeToInstant,
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

describe('dates written one way (issue 49)', () => {
  it('writes a day as formatInZone writes it, in the zone', () => {
    // 03:30 UTC on the 16th is still the 15th in Chicago.
    expect(formatDateInZone('2027-01-16T03:30:00Z', 'America/Chicago')).toBe('Friday, 15 January 2027');
    expect(formatInZone('2027-01-16T03:30:00Z', 'America/Chicago')).toContain('on Friday, 15 January 2027');
    expect(formatLocalDate('2027-08-23')).toBe('Monday, 23 August 2027');
  });

  it('writes an instant for a spreadsheet in the zone’s wall clock, to the second, on either side of a change', () => {
    expect(formatSpreadsheetTime('2026-11-29T02:25:13.000Z', 'America/Chicago')).toBe('2026-11-28 20:25:13');
    expect(formatSpreadsheetTime('2026-07-01T05:00:00.000Z', 'America/Chicago')).toBe('2026-07-01 00:00:00');
  });
});

describe('the end of a local day', () => {
  it('falls at 23:59:59 in the zone, in winter and in summer', () => {
    expect(localDayTimeToInstant('2027-01-15', 'America/Chicago')?.toISOString()).toBe('2027-01-16T05:59:59.000Z');
    expect(localDayTimeToInstant('2027-07-01', 'America/Chicago')?.toISOString()).toBe('2027-07-02T04:59:59.000Z');
  });

  it('takes another time of day, and a time the clocks skip reads as just past the gap', () => {
    expect(localDayTimeToInstant('2027-01-15', 'America/Chicago', '17:00')?.toISOString()).toBe(
      '2027-01-15T23:00:00.000Z',
    );
    expect(localDayTimeToInstant('2027-03-14', 'America/Chicago', '02:30')?.toISOString()).toBe(
      '2027-03-14T08:30:00.000Z',
    );
    expect(localDayTimeToInstant('2027-02-30', 'America/Chicago')).toBeNull();
  });

  it('counts calendar days in the zone across a daylight-saving change', () => {
    // 11 pm on 6 March in Chicago is already the 7th in UTC.
    expect(localDateOf('2027-03-07T05:00:00Z', 'America/Chicago')).toBe('2027-03-06');
    expect(addLocalDays('2027-03-06', 14)).toBe('2027-03-20');
    expect(addLocalDays('2026-12-25', 14)).toBe('2027-01-08');
  });
});
