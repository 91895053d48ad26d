import type { DecisionHistoryResponse } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { decisionLetterHtml, letterFactsOf } from './decision-letter';
import { decisionHistory, decisionStateOf, scheduledReleaseOf, toRecord, withdrawalOf } from './decisions-repository';

/**
 * An application's decisions for the office: where it stands, the decision
 * the applicant would see next with its letter exactly as the applicant will
 * read it, and every decision ever recorded with who and when.
 */
export async function officeDecisions(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  userId: string,
): Promise<DecisionHistoryResponse> {
  const tenant = deps.config.tenant;
  const [rows, scheduled, state, withdrawal, facts] = await Promise.all([
    decisionHistory(deps.db, userId),
    scheduledReleaseOf(deps.db, userId),
    decisionStateOf(deps.db, userId),
    withdrawalOf(deps.db, userId),
    letterFactsOf(deps.db, deps.config.tenant, userId),
  ]);
  const current = rows.find((r) => r.status === 'provisional') ?? rows.find((r) => r.status === 'released') ?? null;
  // The letter as the release will give it (issue 41): a reply-by counted from the scheduled release, not from now.
  const releasedAt = current?.status === 'provisional' && scheduled ? new Date(scheduled.at) : deps.clock.now();
  return {
    state,
    current: current ? toRecord(tenant.decisions, current, scheduled) : null,
    letter_html: current ? decisionLetterHtml(tenant, current, facts, releasedAt) : null,
    withdrawn: withdrawal ? { at: new Date(withdrawal.withdrawn_at).toISOString(), reason: withdrawal.reason } : null,
    history: rows.map((r) => toRecord(tenant.decisions, r, scheduled)),
  };
}
