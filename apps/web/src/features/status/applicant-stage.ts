import type { ApplicantStatusResponse } from '@admissions/domain';

/** Where a submitted application stands for its applicant. */
export type ApplicantStage = 'waiting' | 'decided' | 'withdrawn';

/**
 * Each stage has its own words on the status page, and none says what the stage contradicts (issue 41):
 * no "we are reviewing" once a decision is out, no "we are still waiting" after a withdrawal.
 */
export function applicantStage(status: Pick<ApplicantStatusResponse, 'decision' | 'withdrawn_at'>): ApplicantStage {
  if (status.withdrawn_at) return 'withdrawn';
  return status.decision ? 'decided' : 'waiting';
}

/** The sentence above the checklist, by stage and by whether every item is in. */
export function checklistSentence(stage: ApplicantStage, complete: boolean): string {
  if (stage === 'withdrawn') return 'Your application was withdrawn, so we need nothing more from you.';
  if (stage === 'decided') return complete ? 'We received every item.' : 'We did not receive every item below.';
  return complete
    ? 'We have everything we need. The admissions team is reviewing your application.'
    : 'We are still waiting for the items below.';
}
