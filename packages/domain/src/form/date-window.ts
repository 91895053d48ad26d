import type { DateWindowBannerQuestion } from './question-types';

/** SPEC section 4, date banner: shown from startsAt until endsAt, both included. */
export function isBannerActive(
  banner: Pick<DateWindowBannerQuestion, 'startsAt' | 'endsAt'>,
  now: Date = new Date(),
): boolean {
  const t = now.getTime();
  return Date.parse(banner.startsAt) <= t && t <= Date.parse(banner.endsAt);
}
