import { describe, expect, it } from 'vitest';
import { buildForm } from '../form/build-form';
import {
  birthDateErrors,
  dateYearsBefore,
  INCOMPLETE_DATE,
  invalidDateKeys,
  isValidDateAnswer,
  normalizeDateAnswer,
} from './dates';
import { VALIDATION_MESSAGES as M } from './messages';
import { sampleFormTenant } from '../../../../test/tenants';

describe('isValidDateAnswer and normalizeDateAnswer', () => {
  it.each(['2000-02-29', '1999-12-31', '2024-01-01'])('keep the real date %s', (v) => {
    expect(isValidDateAnswer(v)).toBe(true);
    expect(normalizeDateAnswer(v)).toBe(v);
  });

  it.each([
    '',
    '1900-02-29',
    '2001-02-29',
    '2001-04-31',
    '2001-13-01',
    '2001-00-10',
    '2001-1-5',
    '01/05/2001',
    '2001-01-01T00:00',
    'abc',
  ])('clear %j', (v) => {
    expect(isValidDateAnswer(v)).toBe(false);
    expect(normalizeDateAnswer(v)).toBe('');
  });

  it('keep a real date that is out of range: it gets its message instead', () => {
    expect(normalizeDateAnswer('2025-01-01')).toBe('2025-01-01');
  });
});

describe('invalidDateKeys', () => {
  const form = buildForm(sampleFormTenant('Acme'));
  it('lists the date answers to clear, and leaves blank and real dates alone', () => {
    expect(invalidDateKeys(form, { birth_date: '1990-02-30', first_name: 'not a date' })).toEqual(['birth_date']);
    expect(invalidDateKeys(form, { birth_date: '1990-02-28' })).toEqual([]);
    expect(invalidDateKeys(form, { birth_date: '' })).toEqual([]);
    expect(invalidDateKeys(form, {})).toEqual([]);
  });
});

describe('dateYearsBefore', () => {
  it('counts calendar years in UTC', () => {
    expect(dateYearsBefore(new Date('2026-06-15T00:00:00Z'), 13)).toBe('2013-06-15');
    expect(dateYearsBefore(new Date('2026-06-14T23:00:00-04:00'), 13)).toBe('2013-06-15');
  });

  it('falls back from 29 February to the 28th in a common year', () => {
    expect(dateYearsBefore(new Date('2024-02-29T12:00:00Z'), 13)).toBe('2011-02-28');
    expect(dateYearsBefore(new Date('2024-02-29T12:00:00Z'), 100)).toBe('1924-02-29');
  });
});

describe('birthDateErrors', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it("gives one message at a time, the required one being the caller's", () => {
    expect(birthDateErrors('', now, 'Date of Birth')).toEqual(['Date of Birth']);
    expect(birthDateErrors('1990-13-01', now, 'Date of Birth')).toEqual([M.birthDateInvalid]);
    expect(birthDateErrors('1926-06-14', now, 'x')).toEqual([M.birthDateTooOld]);
    expect(birthDateErrors('1926-06-15', now, 'x')).toEqual([]);
    expect(birthDateErrors('2013-06-15', now, 'x')).toEqual([]);
    expect(birthDateErrors('2013-06-16', now, 'x')).toEqual([M.birthDateTooYoung]);
  });

  it('lets a leap-day baby apply on 28 February of a common year', () => {
    expect(birthDateErrors('2013-02-28', new Date('2026-02-28T12:00:00Z'), 'x')).toEqual([]);
    expect(birthDateErrors('2013-03-01', new Date('2026-02-28T12:00:00Z'), 'x')).toEqual([M.birthDateTooYoung]);
  });
});

describe('a date the input holds but cannot give as text', () => {
  it('gets the invalid-date message, and the server clears it like any invalid date', () => {
    const form = buildForm(sampleFormTenant('Acme'));
    expect(birthDateErrors(INCOMPLETE_DATE, new Date('2026-06-15T00:00:00Z'), 'Date of Birth')).toEqual([
      'A valid date of birth is required.',
    ]);
    expect(invalidDateKeys(form, { birth_date: INCOMPLETE_DATE })).toEqual(['birth_date']);
  });
});
