/** Durations in milliseconds, for limits, schedules and tests that move the clock. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
