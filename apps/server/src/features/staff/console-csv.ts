import type { StaffListRow } from '@admissions/domain';
import { csvLine } from '../../http/csv';

export const CSV_COLUMNS: readonly [string, (r: StaffListRow) => string | number][] = [
  ['First name', (r) => r.first_name],
  ['Last name', (r) => r.last_name],
  ['Preferred name', (r) => r.preferred_name],
  ['E-mail', (r) => r.email],
  ['Program', (r) => r.program_label],
  ['Program code', (r) => r.program],
  ['Entry term', (r) => r.entry_term_label],
  ['Web status', (r) => r.web_status],
  ['Last change (UTC)', (r) => r.last_change],
  ['Submitted (UTC)', (r) => r.submitted_at ?? ''],
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
];

/** The whole export: a header line, then one line per application, in list order. */
export async function* csvLines(rows: AsyncIterable<StaffListRow>, onRow?: () => void): AsyncGenerator<string> {
  // The byte order mark makes Excel read the file as UTF-8 (accented names).
  yield `\uFEFF${csvLine(CSV_COLUMNS.map(([title]) => title))}`;
  for await (const row of rows) {
    onRow?.();
    yield csvLine(CSV_COLUMNS.map(([, value]) => value(row)));
  }
}
