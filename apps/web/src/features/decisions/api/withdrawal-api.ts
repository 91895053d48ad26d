import {
  WITHDRAW_PATH,
  withdrawApplicationPath,
  type ApplicationsResponse,
  type ApplicationSummary,
  type WithdrawApplicationResponse,
} from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { ServerError } from '../../../lib/api-errors';
import { openCycleApplications } from '../../../shared/session/api/applications-api';

/** POST /api/withdraw: withdraws the page's application (another one of the account's: withdrawOther below). */
export const withdrawApplication = (reason: string) =>
  api.post<{ message: string }>(WITHDRAW_PATH, reason ? { reason } : {});

/**
 * The account's other applications in the open cycle that an accepted offer leaves standing and that can still be
 * withdrawn: submitted, and not withdrawn, declined or accepted (issue 42). An unsubmitted one cannot be withdrawn
 * (the office never sees it unless it is submitted); one declined, withdrawn or accepted is settled. Those with a
 * released decision stay in the list whether or not it is an offer (`decision_offer` says which).
 */
export function withdrawableOthers(list: ApplicationsResponse, acceptedId: string | null): ApplicationSummary[] {
  return openCycleApplications(list).filter(
    (a) => a.id !== acceptedId && (a.state === 'submitted' || a.state === 'decided'),
  );
}

/**
 * POST /api/applications/{id}/withdraw: withdraws another application of the account where it stands. The session's
 * current application does not change, so this page (and another tab on the accepted one) carries on undisturbed.
 */
export const withdrawOther = (id: string, reason = '') =>
  api.post<WithdrawApplicationResponse>(withdrawApplicationPath(id), reason ? { reason } : {});

/**
 * Withdraws other applications of the account by their ids, one after the other. One already withdrawn (by another
 * tab) counts as done; any other refusal stops there and is thrown, and the list, asked again, shows which were
 * withdrawn before it.
 */
export async function withdrawOthers(ids: string[]): Promise<void> {
  for (const id of ids) {
    try {
      await withdrawOther(id);
    } catch (error) {
      if (!(error instanceof ServerError && error.code === 'APPLICATION_WITHDRAWN')) throw error;
    }
  }
}
