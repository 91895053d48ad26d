import type { StaffListSort } from '@admissions/domain';

export type ListSort = StaffListSort;
/** A column shown but not sortable (the server sorts by stage, not by time in it). */
type Column = { sort: ListSort; title: string } | { sort: null; key: string; title: string };

/** The list's sortable columns, in their order on the screen. */
export const COLUMNS: Column[] = [
  { sort: 'name', title: 'Name' },
  { sort: 'email', title: 'E-mail' },
  { sort: 'program', title: 'Program' },
  { sort: 'entry_term', title: 'Entry term' },
  { sort: 'web_status', title: 'Status' },
  { sort: 'stage', title: 'Stage' },
  { sort: null, key: 'decision', title: 'Decision' },
  { sort: null, key: 'days_in_stage', title: 'In stage' },
  { sort: 'overall_score', title: 'Overall score' },
  { sort: 'review_count', title: 'Reviews' },
  { sort: 'last_change', title: 'Last change' },
  { sort: 'submitted_at', title: 'Submitted' },
  { sort: 'missing_count', title: 'Missing items' },
];

/** A first click sorts names A to Z, stages in their order, and everything else highest or newest first. */
export const firstDirection = (sort: ListSort): 'asc' | 'desc' =>
  sort === 'name' || sort === 'email' || sort === 'stage' ? 'asc' : 'desc';

/** A cell's column title, which a phone shows beside its value: there each row is a card (staff.module.css). */
export const labelOf = (key: ListSort | 'days_in_stage' | 'decision') => ({
  'data-label': COLUMNS.find((c) => (c.sort ?? ('key' in c ? c.key : '')) === key)!.title,
});
