import { formatSpreadsheetTime, zoneName, type StaffListRow } from '@admissions/domain';
import { csvLine } from '../../http/csv';

/**
 * The export's columns. Its times are the institution's wall clock, to the second ('2026-11-28 20:25:13'), in
 * the zone the header names as the console names it ('Submitted (Central Time)'), issue 49: what the office
 * reads everywhere else, and a form Excel, LibreOffice and Google Sheets take for a date and time, sort and
 * filter (an ISO instant with a 'T' and an offset stays text there). The zone's generic name holds in summer
 * and winter; the hour that repeats when the clocks go back reads twice, as on a wall clock.
 */
export function csvColumns(
  timeZone: string,
  now: Date,
  /** The campus systems some application has an ID of (issue 45): a column `external_ids.<system>` each, last. */
  systems: readonly string[] = [],
): readonly [string, (r: CsvRow) => string | number][] {
  const zone = zoneName(now, timeZone);
  const time = (iso: string | null) => (iso ? formatSpreadsheetTime(iso, timeZone) : '');
  return [
    ['First name', (r) => r.first_name],
    ['Last name', (r) => r.last_name],
    ['Preferred name', (r) => r.preferred_name],
    ['E-mail', (r) => r.email],
    ['Program', (r) => r.program_label],
    ['Program code', (r) => r.program],
    ['Entry term', (r) => r.entry_term_label],
    ['Web status', (r) => r.web_status],
    [`Last change (${zone})`, (r) => time(r.last_change)],
    [`Submitted (${zone})`, (r) => time(r.submitted_at)],
    ['Late', (r) => (r.late ? 'late' : '')],
    ['Cycle', (r) => r.cycle_id],
    ['Missing items', (r) => r.missing_count],
    ['Stage', (r) => r.stage_label ?? ''],
    ['Days in stage', (r) => r.days_in_stage ?? ''],
    ['Overall score', (r) => r.overall_score ?? ''],
    ['Reviews', (r) => r.review_count],
    ['Complete', (r) => (r.complete ? 'yes' : 'no')],
    ['Decision', (r) => r.decision_label],
    ['Decision code', (r) => r.decision],
    ['Decision state', (r) => r.decision_state ?? ''],
    // Last, so the columns a spreadsheet already reads by position stay where they were.
    ['Applications by person', (r) => r.applications_by_person],
    // Issue 49, after it for the same reason.
    ['Letters requested', (r) => r.letters_requested],
    ['Letters received', (r) => r.letters_received],
    // Issue 43: the application fee and the deposit ('overdue' by the clock of the export), '' where there is none.
    ['Application fee', (r) => r.fee ?? ''],
    ['Deposit', (r) => r.deposit ?? ''],
    // Issue 45: the IDs the student-record systems wrote back, named as the scheduled exports name them.
    ...systems.map((system): [string, (r: CsvRow) => string] => [
      `external_ids.${system}`,
      (r) => r.external_ids?.[system] ?? '',
    ]),
  ];
}

/** A row of the export: the list's row, with the campus systems' IDs when there are any. */
export type CsvRow = StaffListRow & { external_ids?: Record<string, string> };

/** The whole export: a header line, then one line per application, in list order. */
export async function* csvLines(
  rows: AsyncIterable<CsvRow>,
  zone: { timeZone: string; now: Date },
  onRow?: () => void,
  systems: readonly string[] = [],
): AsyncGenerator<string> {
  const columns = csvColumns(zone.timeZone, zone.now, systems);
  // The byte order mark makes Excel read the file as UTF-8 (accented names).
  yield `\uFEFF${csvLine(columns.map(([title]) => title))}`;
  for await (const row of rows) {
    onRow?.();
    yield csvLine(columns.map(([, value]) => value(row)));
  }
}

/** The rows with their campus systems' IDs, read a chunk of rows at a time (one statement per chunk). */
export async function* withExternalIds(
  rows: AsyncIterable<StaffListRow>,
  idsOf: (applicationIds: string[]) => Promise<Map<string, Record<string, string>>>,
  chunk = 500,
): AsyncGenerator<CsvRow> {
  let pending: StaffListRow[] = [];
  const flush = async function* () {
    const ids = await idsOf(pending.map((r) => r.user_id));
    for (const row of pending) yield { ...row, external_ids: ids.get(row.user_id) ?? {} };
    pending = [];
  };
  for await (const row of rows) {
    pending.push(row);
    if (pending.length >= chunk) yield* flush();
  }
  if (pending.length) yield* flush();
}
