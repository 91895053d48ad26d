import { describe, expect, it } from 'vitest';
import { joinMonthYear, splitMonthYear } from './month-year';

describe('month/year answers', () => {
  it('joins a month option and a year into YYYY-MM and splits it back', () => {
    expect(joinMonthYear('5', '2026')).toBe('2026-05');
    expect(splitMonthYear('2026-05')).toEqual({ month: '5', year: '2026' });
  });

  it('treats half a date as unanswered', () => {
    expect(joinMonthYear('', '2026')).toBe('');
    expect(joinMonthYear('13', '2026')).toBe('');
    expect(joinMonthYear('5', '')).toBe('');
    expect(splitMonthYear('2026-13')).toEqual({ month: '', year: '' });
  });
});
