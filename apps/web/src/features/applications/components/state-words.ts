import type { ApplicationListState } from '@admissions/domain';

/** Where each application stands, as its list says it. */
export const STATE_WORDS: Record<ApplicationListState, string> = {
  in_progress: 'In progress, not submitted yet',
  closed: 'Not submitted before its admissions cycle closed',
  submitted: 'Submitted',
  decided: 'Decision released',
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  withdrawn: 'Withdrawn',
};

/** The program an application is for, or what stands in for it before one is chosen. */
export function programName(application: { program_label: string | null }): string {
  return application.program_label ?? 'Program not chosen yet';
}
