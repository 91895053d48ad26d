import { hasRight, type StaffAccess } from '../../session/staff-access';

/**
 * Blind review (decision 040): a member who decides or runs the team sees every review and score; any other
 * member sees the others' reviews, and an application's scores, only once their own review of it is submitted.
 */
export function seesEveryScore(access: StaffAccess): boolean {
  return hasRight(access, 'decide') || hasRight(access, 'manage_team');
}

/** Whose scores the list, the CSV and the detail hide until their own review is in: null when none are hidden. */
export const scoresBlindTo = (access: StaffAccess): string | null => (seesEveryScore(access) ? null : access.email);
