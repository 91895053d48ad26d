import type { StaffApplicationDetail, StaffListRow } from '@admissions/domain';

/**
 * The list's working columns of issue #28 (stage, time in stage, overall
 * score, reviews), as the server adds them to each row and to the detail.
 * Optional here, so the console reads a server without them as "no stage,
 * no score" instead of failing.
 */
export interface WorkFacts {
  stage?: string | null;
  /** When the application entered its stage (ISO instant). */
  stage_entered_at?: string | null;
  /** Average of the submitted reviews' overall scores; null before the first. */
  overall_score?: number | null;
  review_count?: number;
}
export type WorkRow = StaffListRow & WorkFacts;
export type WorkDetail = StaffApplicationDetail & WorkFacts;

/** The list's sorts and filter beyond the domain's STAFF_LIST_SORTS. */
export const WORK_SORTS = ['stage', 'stage_entered_at', 'overall_score', 'review_count'] as const;
export type WorkSort = (typeof WORK_SORTS)[number];

export const formatScore = (score: number | null | undefined) =>
  score === null || score === undefined ? '' : score.toLocaleString('en-US', { maximumFractionDigits: 2 });
