import { compactZoneName } from '../../../shared/site/zoned-time';

/** A time of day of the tenant file ('02:30') as a reader says it, with the zone: '2:30 am Central Time'. */
export function timeOfDayText(at: string, timeZone: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(at);
  if (!m) return `${at} ${compactZoneName(timeZone).long}`;
  const hour = Number(m[1]);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${m[2]} ${hour < 12 ? 'am' : 'pm'} ${compactZoneName(timeZone).long}`;
}
