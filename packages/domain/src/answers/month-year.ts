/**
 * A month/year pair is stored in one answer as 'YYYY-MM', so stored values
 * sort and compare (lt, gt) in calendar order.
 */
export const MONTH_YEAR_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** '' unless both parts are chosen: half a date is not an answer. */
export function joinMonthYear(month: string, year: string): string {
  const m = Number(month);
  if (!/^\d{4}$/.test(year) || !Number.isInteger(m) || m < 1 || m > 12) return '';
  return `${year}-${String(m).padStart(2, '0')}`;
}

/** Month as in the MONTHS options ('1'..'12'), year as text; both '' when not set. */
export function splitMonthYear(value: string): { month: string; year: string } {
  const match = MONTH_YEAR_PATTERN.exec(value);
  if (!match) return { month: '', year: '' };
  return { month: String(Number(match[2])), year: match[1] ?? '' };
}
