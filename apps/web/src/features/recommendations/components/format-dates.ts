/** A day as the applicant and the recommender read it, in their own time zone: 'March 3, 2026'. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });
}

/** A day and time: 'March 4, 2026 at 10:00 AM'. */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}
