import type { StaffListRow, StaffListSort } from '@admissions/domain';

/** A column the server sorts by, or one shown but not sortable (named by the row's field it shows). */
type Column = { sort: StaffListSort; title: string } | { sort: null; key: keyof StaffListRow; title: string };

/**
 * The list's columns, in their order on the screen. The times are in the institution's zone, named once in
 * their headers (`zoned`): the cells say only 'Nov 28, 8:25 am' (issue 49).
 */
export const COLUMNS: (Column & { zoned?: true })[] = [
  { sort: 'name', title: 'Name' },
  { sort: 'email', title: 'E-mail' },
  { sort: 'program', title: 'Program' },
  // How many applications the person holds in the row's cycle (issue 42: one per program).
  { sort: null, key: 'applications_by_person', title: 'Applications by person' },
  { sort: 'entry_term', title: 'Entry term' },
  { sort: 'web_status', title: 'Status' },
  { sort: 'stage', title: 'Stage' },
  { sort: null, key: 'decision', title: 'Decision' },
  { sort: null, key: 'days_in_stage', title: 'In stage' },
  { sort: 'overall_score', title: 'Overall score' },
  { sort: 'review_count', title: 'Reviews' },
  { sort: 'last_change', title: 'Last change', zoned: true },
  { sort: 'submitted_at', title: 'Submitted', zoned: true },
  { sort: 'missing_count', title: 'Missing items' },
  // Every checklist item received or waived, and the letters received of those requested (issue 49).
  { sort: null, key: 'complete', title: 'Complete' },
  { sort: null, key: 'letters_received', title: 'Letters' },
];

/** A first click sorts names A to Z, stages in their order, and everything else highest or newest first. */
export const firstDirection = (sort: StaffListSort): 'asc' | 'desc' =>
  sort === 'name' || sort === 'email' || sort === 'stage' ? 'asc' : 'desc';

/** A cell's column title, which a phone shows beside its value: there each row is a card (staff.module.css). */
export const labelOf = (key: StaffListSort | keyof StaffListRow) => ({
  'data-label': COLUMNS.find((c) => (c.sort === null ? c.key : c.sort) === key)!.title,
});
