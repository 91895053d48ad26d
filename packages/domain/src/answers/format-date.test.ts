import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('writes a date answer out in words, whatever the time zone', () => {
    expect(formatDate('1990-05-17')).toBe('May 17, 1990');
    expect(formatDate('2001-03-04')).toBe('March 4, 2001');
  });

  it('leaves anything that is not a whole date as it is', () => {
    expect(formatDate('1990-05')).toBe('1990-05');
    expect(formatDate('')).toBe('');
  });
});
