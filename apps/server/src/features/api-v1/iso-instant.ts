const DAY_MS = 86_400_000;
/** 1970-01-01 to 9999-12-31T23:59:59.999Z: the instants toISOString writes with a four-digit year. */
const LAST_FOUR_DIGIT_MS = 253_402_300_799_999;
const TWO = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/**
 * An instant given in whole milliseconds since the epoch, as `Date#toISOString` writes it
 * (`2026-12-01T00:09:04.123Z`), made by integer arithmetic: the date from its day number by the days-to-civil
 * algorithm of H. Hinnant's "chrono-Compatible Low-Level Date Algorithms", the time of day from what is left.
 * `toISOString` formats through V8's printf and was, twice an application, 3.5% of the server's time a list call of
 * the read API (docs/performance/api-v1.md, 2026-12-01). Instants before 1970 or past the year 9999, and any that is
 * not a whole number of milliseconds, are left to `toISOString` itself.
 */
export function isoInstant(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > LAST_FOUR_DIGIT_MS) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  const rest = ms - days * DAY_MS;
  // Days since 0000-03-01, so that a leap day is the last of its year; an era is 400 years of 146,097 days.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return (
    `${year}-${TWO[month]}-${TWO[day]}T${TWO[Math.floor(rest / 3_600_000)]}:${TWO[Math.floor(rest / 60_000) % 60]}:` +
    `${TWO[Math.floor(rest / 1000) % 60]}.${THREE[rest % 1000]}Z`
  );
}
