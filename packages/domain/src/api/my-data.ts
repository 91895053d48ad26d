/**
 * The applicant's own data (issue 31): one ZIP to download, and deleting the account while the application is
 * unsubmitted. docs/decisions/047-retention-my-data-and-account-deletion.md says what the ZIP holds and why.
 */

/** GET: the ZIP of everything the college holds on the logged-in applicant (a download, not JSON). */
export const MY_DATA_PATH = '/api/my-data';

/** DELETE with `{ confirm_username }`: the account, its application and every file of it. */
export const DELETE_ACCOUNT_PATH = '/api/account';

/** The message shown when the typed address is not the account's. */
export const CONFIRM_USERNAME_MISMATCH = 'Type the e-mail address of this account exactly as you log in with it.';

/** The message of a refused deletion once the application is submitted (code APPLICATION_SUBMITTED). */
export const DELETE_SUBMITTED_MESSAGE =
  'Your application has been submitted, so your account can no longer be deleted here. Please write to the admissions office.';

/**
 * The message of a refused deletion while an earlier cycle's application is submitted (code
 * PAST_APPLICATION_SUBMITTED, decision 052): it goes with the account, and the office keeps it. Names its cycles.
 */
export function deletePastSubmittedMessage(cycleIds: readonly string[]): string {
  const cycles =
    cycleIds.length > 1 ? `${cycleIds.slice(0, -1).join(', ')} and ${cycleIds.at(-1)} cycles` : `${cycleIds[0]} cycle`;
  const applications = cycleIds.length > 1 ? 'applications' : 'application';
  return `The admissions office keeps your submitted ${applications} of the ${cycles}, which deleting your account would delete too, so your account can no longer be deleted here. Please write to the admissions office.`;
}
