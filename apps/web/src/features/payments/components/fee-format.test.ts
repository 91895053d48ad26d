import { describe, expect, test } from 'vitest';
import { feeSentence, officeFeeSentence, toMajorText, toMinorUnits } from './fee-format';

describe('amounts typed by the office', () => {
  test.each([
    ['75', 7500],
    ['75.5', 7550],
    ['75.05', 7505],
    ['$1,250.00', 125000],
    [' 0.99 ', 99],
  ])('%s dollars are %i cents, counted in digits', (text, cents) => {
    expect(toMinorUnits(text, 'USD')).toBe(cents);
  });

  test.each(['', 'seventy', '75.555', '-5', '7.5.0', '1e3'])('"%s" is no amount', (text) => {
    expect(toMinorUnits(text, 'USD')).toBeNull();
  });

  test('a currency without minor units', () => {
    expect(toMinorUnits('5000', 'JPY')).toBe(5000);
    expect(toMinorUnits('5000.5', 'JPY')).toBeNull();
    expect(toMajorText(7550, 'USD')).toBe('75.50');
  });
});

describe('a fee in words', () => {
  const fee = { purpose: 'deposit', amount: 25000, currency: 'USD', due_at: '2026-11-16T15:00:00.000Z' } as const;

  test('the due date in the institution\u2019s zone, and the reader\u2019s own when it differs', () => {
    expect(feeSentence({ ...fee, state: 'due' }, 'America/Chicago', 'Asia/Tokyo')).toBe(
      'Enrollment deposit: $250.00, due by 9:00 am Central Time on Monday, 16 November 2026, which is 12:00 am on ' +
        'Tuesday, 17 November in your time zone',
    );
    expect(feeSentence({ ...fee, state: 'due' }, 'America/Chicago', 'America/Chicago')).toBe(
      'Enrollment deposit: $250.00, due by 9:00 am Central Time on Monday, 16 November 2026',
    );
  });

  test('the office reads the state and the time in the institution\u2019s zone', () => {
    expect(officeFeeSentence({ ...fee, state: 'overdue' }, 'America/Chicago')).toBe(
      'Enrollment deposit: $250.00, overdue (due by 9:00 am Central Time on Monday, 16 November 2026)',
    );
    expect(
      officeFeeSentence({ ...fee, state: 'waived', settled_at: '2026-11-03T15:00:00.000Z' }, 'America/Chicago'),
    ).toBe('Enrollment deposit: $250.00, waived on 9:00 am Central Time on Tuesday, 3 November 2026');
  });
});
