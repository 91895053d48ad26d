import type { StatusResponse } from '@admissions/domain';

/**
 * Where the application stands for its applicant (issue 41). Each stage has its own heading and words, and no
 * page says what its stage contradicts: no "reviewing" before every item is in or once a decision is out, no
 * "still waiting" or "Missing" once nothing more is needed, no deadline or reminder for an application that
 * can no longer be submitted.
 */
export type ApplicantStage =
  /** Not submitted yet, in the open cycle. */
  | 'in_progress'
  /** Never submitted, and its cycle has closed (decision 052): it can only be read now. */
  | 'closed'
  /** Submitted; some items have not arrived. */
  | 'waiting'
  /** Submitted; every item received or waived, no decision released yet. */
  | 'complete'
  /** A decision released (an offer not answered yet, or no offer at all). */
  | 'decided'
  | 'accepted'
  /** By the applicant, or by default once the reply-by passed. */
  | 'declined'
  | 'withdrawn';

export type StageSource = Pick<StatusResponse, 'submitted_at' | 'withdrawn_at' | 'decision' | 'complete'>;

/**
 * The stage of GET /api/status, with whether the live application belongs to a closed cycle. A submitted
 * application in a closed cycle keeps its own stage (the office may still decide it); only one never
 * submitted becomes 'closed'.
 */
export function applicantStage(status: StageSource, cycleClosed = false): ApplicantStage {
  if (!status.submitted_at) return cycleClosed ? 'closed' : 'in_progress';
  if (status.withdrawn_at) return 'withdrawn';
  const response = status.decision?.response;
  if (response) return response === 'accept' ? 'accepted' : 'declined';
  if (status.decision) return 'decided';
  return status.complete ? 'complete' : 'waiting';
}

/** Nothing more is asked of the applicant: the checklist says what came, not what is missing, and offers no action. */
export const isSettled = (stage: ApplicantStage): boolean =>
  stage === 'declined' || stage === 'withdrawn' || stage === 'closed';

/** Submitted, and no decision out yet: the office waits for items or reviews. */
export const isBeforeDecision = (stage: ApplicantStage): boolean => stage === 'waiting' || stage === 'complete';

/** The sentence above the checklist, by stage and by whether every item is in. */
export function checklistSentence(stage: ApplicantStage, complete: boolean): string {
  switch (stage) {
    case 'in_progress':
      return complete
        ? 'You have not submitted your application yet. Every item below is in.'
        : 'You have not submitted your application yet.';
    case 'closed':
      return 'This application was not submitted before its admissions cycle closed, so nothing more can be added to it.';
    case 'waiting':
      return 'We are still waiting for the items below.';
    case 'complete':
      return 'We have everything we need. The admissions team is reviewing your application.';
    case 'decided':
    case 'accepted':
      return complete ? 'We received every item.' : 'We did not receive every item below.';
    case 'declined':
      return 'The offer has ended, so we need nothing more from you.';
    case 'withdrawn':
      return 'Your application was withdrawn, so we need nothing more from you.';
  }
}
