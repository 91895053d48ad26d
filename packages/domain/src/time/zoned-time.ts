/**
 * Instants shown in a named time zone, and local times turned into instants.
 * Every time shown to a person names its zone; every time stored is an
 * instant (an ISO string or a Date in UTC).
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * One formatter per zone: making one costs some 100 µs, using it a few. A program's deadline is read at every
 * start of an application and every submission (deadlineOf makes four).
 */
const partsFormats = new Map<string, Intl.DateTimeFormat>();
const partsFormatOf = (timeZone: string) => {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
};

/** The wall-clock parts of an instant in a zone. */
function partsIn(instant: Date, timeZone: string) {
  const parts = partsFormatOf(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** The zone's offset from UTC at that instant, in minutes. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * A local date and time in a zone ('2027-01-15T23:59') as the instant it
 * names; null when it is not a valid local time there (a daylight-saving gap,
 * or not a date at all). In the hour that repeats in autumn, the earlier one.
 */
export function localTimeToInstant(local: string, timeZone: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // Try the offsets in force a day either side: one of them is the zone's offset at that local time.
  const candidates = [
    offsetMinutes(new Date(asUtc - 86_400_000), timeZone),
    offsetMinutes(new Date(asUtc + 86_400_000), timeZone),
  ]
    .map((offset) => new Date(asUtc - offset * 60_000))
    .filter((instant) => {
      const p = partsIn(instant, timeZone);
      return p.year === year && p.month === month && p.day === day && p.hour === hour && p.minute === minute;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates[0] ?? null;
}

/** The zone's everyday name at that instant: 'Central Time', 'Japan Standard Time'. */
export function zoneName(instant: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * The one way a date and time is written for people, in the console, the e-mails and the PDFs (issue 49):
 * '11:59 pm Central Time on Friday, 15 January 2027'.
 */
export function formatInZone(instant: Date | string, timeZone: string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return `${timeIn(at, timeZone)} ${zoneName(at, timeZone)} on ${dateIn(at, timeZone, true)}`;
}

/** '6:59 am on Saturday, 16 January' (the year only when asked): the same instant in a second zone. */
export function formatInSecondZone(instant: Date | string, timeZone: string, withYear = false): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return `${timeIn(at, timeZone)} on ${dateIn(at, timeZone, withYear)}`;
}

/** Whether two zones show the same wall-clock time at that instant. */
export function sameWallClock(instant: Date | string, zoneA: string, zoneB: string): boolean {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return offsetMinutes(at, zoneA) === offsetMinutes(at, zoneB);
}

function timeIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(at)
    .replace(/\s?AM$/, ' am')
    .replace(/\s?PM$/, ' pm')
    .replace(/\u202f/g, ' ');
}

function dateIn(at: Date, timeZone: string, withYear: boolean): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
  })
    .format(at)
    .replace(/^(\w+) /, '$1, ');
}

/**
 * An instant for a reader elsewhere: in the institution's zone, and in the
 * reader's own when its wall clock differs ('11:59 pm Central Time on Friday,
 * 15 January 2027, which is 6:59 am on Saturday, 16 January in your time zone').
 */
export function formatForReader(instant: Date | string, timeZone: string, readerZone: string | undefined): string {
  const inZone = formatInZone(instant, timeZone);
  if (!readerZone || sameWallClock(instant, timeZone, readerZone)) return inZone;
  return `${inZone}, which is ${formatInSecondZone(instant, readerZone)} in your time zone`;
}

/**
 * The one way a date is written for people (the date of formatInZone): the day an instant falls on in the
 * zone, 'Friday, 15 January 2027'.
 */
export function formatDateInZone(instant: Date | string, timeZone: string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return dateIn(at, timeZone, true);
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date that belongs to no zone ('2027-08-23', a term's first day), written as formatDateInZone writes one. */
export function formatLocalDate(local: string): string {
  const m = LOCAL_DATE.exec(local);
  if (!m) return local;
  return dateIn(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)), 'UTC', true);
}

/** The local date ('2026-11-28') an instant falls on in the zone. */
export function localDateOf(instant: Date | string, timeZone: string): string {
  const p = partsIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** A local date ('2026-11-28') plus whole calendar days: '2026-12-12' for 14. */
export function addLocalDays(local: string, days: number): string {
  const m = LOCAL_DATE.exec(local);
  if (!m) throw new Error(`not a local date: ${local}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days)).toISOString().slice(0, 10);
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * The instant a local date's time of day ('23:59:59', the default: the end of the day) falls at in the
 * zone. On a day whose clocks skip that time (a spring gap), the time a clock set before the gap would
 * show; in the hour that repeats in autumn, the earlier one. Null for what is not a date and a time.
 */
export function localDayTimeToInstant(local: string, timeZone: string, time = '23:59:59'): Date | null {
  const t = TIME_OF_DAY.exec(time);
  if (!LOCAL_DATE.test(local) || !t) return null;
  const seconds = Number(t[3] ?? 0) * 1000;
  const exact = localTimeToInstant(`${local}T${t[1]}:${t[2]}`, timeZone);
  if (exact) return new Date(exact.getTime() + seconds);
  const [year, month, day] = local.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, Number(t[1]), Number(t[2]));
  if (new Date(asUtc).getUTCDate() !== day) return null;
  // In a gap: the offset in force a day before, which puts the instant just past the gap.
  return new Date(asUtc - offsetMinutes(new Date(asUtc - 86_400_000), timeZone) * 60_000 + seconds);
}

/**
 * An instant for a spreadsheet: the zone's wall clock to the second, '2026-11-28 20:25:13', a form Excel,
 * LibreOffice and Google Sheets read as a date and time (they read neither a 'T' nor an offset), in the
 * zone the column's header names (zoneName).
 */
export function formatSpreadsheetTime(instant: Date | string, timeZone: string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
