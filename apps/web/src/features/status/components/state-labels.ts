import type { ChecklistState } from '@admissions/domain';

/** Each state as the applicant reads it. */
export const STATE_LABELS: Record<ChecklistState, string> = {
  missing: 'Missing',
  received: 'Received',
  awaiting_recommender: 'Awaiting recommender',
  opened: 'Opened by your recommender',
  address_problem: 'Address problem',
  requested: 'Requested by the admissions office',
  waived: 'Waived',
  awaiting: 'To be sent',
};

/** An item that never came, once nothing more is asked for (a settled stage: applicant-stage.ts). */
export const NOT_RECEIVED = 'Not received';
