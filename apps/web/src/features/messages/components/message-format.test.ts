import { describe, expect, test } from 'vitest';
import { ServerError } from '../../../lib/api-errors';
import { currentCount, draftErrors, scheduleTime, unknownPlaceholders } from './message-format';

describe('scheduleTime', () => {
  test('gives the local time with the zone offset in force then, winter and summer', () => {
    expect(scheduleTime('2026-12-01T09:00', 'America/Chicago')?.iso).toBe('2026-12-01T09:00:00-06:00');
    expect(scheduleTime('2026-12-01T09:00', 'America/Chicago')?.instant.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(scheduleTime('2027-06-01T09:00', 'America/Chicago')?.iso).toBe('2027-06-01T09:00:00-05:00');
    expect(scheduleTime('2027-01-15T23:30', 'Asia/Kolkata')?.iso).toBe('2027-01-15T23:30:00+05:30');
    expect(scheduleTime('2027-01-15T08:00', 'UTC')?.iso).toBe('2027-01-15T08:00:00+00:00');
  });

  test('refuses a time the clocks skip, and what is no time', () => {
    expect(scheduleTime('2027-03-14T02:30', 'America/Chicago')).toBeNull();
    expect(scheduleTime('', 'America/Chicago')).toBeNull();
  });

  test('takes the earlier of the hour that repeats in autumn', () => {
    expect(scheduleTime('2026-11-01T01:30', 'America/Chicago')?.iso).toBe('2026-11-01T01:30:00-05:00');
  });
});

describe('the composer checks', () => {
  test('names unknown placeholders, once each', () => {
    expect(unknownPlaceholders('Dear {{first_name}}, {{nickname}} {{ nickname }} {{program}}')).toEqual(['nickname']);
  });

  test('asks for a name, a subject and a body, within their lengths', () => {
    expect(draftErrors({ name: ' ', subject: '', body: '' })).toEqual({
      name: ['Give the message a name (only the office sees it).'],
      subject: ['Write a subject.'],
      body: ['Write the message.'],
    });
    expect(draftErrors({ name: 'a', subject: 'x'.repeat(201), body: 'y'.repeat(20_001) })).toEqual({
      subject: ['The subject can have at most 200 characters.'],
      body: ['The message can have at most 20,000 characters.'],
    });
    expect(draftErrors({ name: 'a', subject: 'Hi {{first_name}}', body: 'See {{portal_link}}' })).toEqual({});
  });
});

test('reads the count of a CONFIRM_COUNT_MISMATCH only when its body carries a number', () => {
  const refusal = (body: Record<string, unknown>) =>
    new ServerError(409, 'changed', 'CONFIRM_COUNT_MISMATCH', undefined, undefined, body);
  expect(currentCount(refusal({ count: 41 }))).toBe(41);
  expect(currentCount(refusal({ count: '41' }))).toBeUndefined();
  expect(currentCount(refusal({}))).toBeUndefined();
  expect(currentCount(new Error('x'))).toBeUndefined();
});
