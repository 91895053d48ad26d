import type { StaffListSort } from '@admissions/domain';
import type { WorkSort } from './work-columns';

export type ListSort = StaffListSort | WorkSort;

/** The list's sortable columns, in their order on the screen. */
export const COLUMNS: { sort: ListSort; title: string }[] = [
  { sort: 'name', title: 'Name' },
  { sort: 'email', title: 'E-mail' },
  { sort: 'program', title: 'Program' },
  { sort: 'entry_term', title: 'Entry term' },
  { sort: 'web_status', title: 'Status' },
  { sort: 'stage', title: 'Stage' },
  { sort: 'stage_entered_at', title: 'In stage' },
  { sort: 'overall_score', title: 'Overall score' },
  { sort: 'review_count', title: 'Reviews' },
  { sort: 'last_change', title: 'Last change' },
  { sort: 'submitted_at', title: 'Submitted' },
  { sort: 'missing_count', title: 'Missing items' },
];

/** A first click sorts names A to Z, the longest in stage first, and everything else highest or newest first. */
export const firstDirection = (sort: ListSort): 'asc' | 'desc' =>
  sort === 'name' || sort === 'email' || sort === 'stage' || sort === 'stage_entered_at' ? 'asc' : 'desc';

/** A cell's column title, which a phone shows beside its value: there each row is a card (staff.module.css). */
export const labelOf = (sort: ListSort) => ({ 'data-label': COLUMNS.find((c) => c.sort === sort)!.title });
