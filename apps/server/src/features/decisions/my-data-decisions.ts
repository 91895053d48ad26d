import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import type { PdfRenderer } from '../pdf';
import { drawDecisionLetter } from './decision-letter-pdf';
import { codeOf } from './decision-rules';
import { reasonsShown, withdrawalOf, type DecisionRow } from './decisions-repository';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The decision letter's name in "Download my data". */
const DECISION_LETTER_FILE = 'decision-letter.pdf';

/**
 * What "Download my data" holds of the decisions (issue 41): every decision released to the applicant (the
 * current one and any it superseded), the answer given to an offer, the withdrawal, and the current letter as
 * its PDF. A provisional decision is the office's working paper and never appears.
 */
export async function decisionsForMyData(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  renderer: PdfRenderer,
  userId: string,
  db: Queryable = deps.db,
) {
  const decisions = deps.config.tenant.decisions;
  const [{ rows }, withdrawal] = await Promise.all([
    db.query<DecisionRow>(
      `SELECT * FROM decisions WHERE user_id = $1 AND status IN ('released', 'superseded') ORDER BY released_at`,
      [userId],
    ),
    withdrawalOf(db, userId),
  ]);
  const current = rows.find((r) => r.status === 'released') ?? null;
  return {
    decisions: rows.map((r) => ({
      decision: codeOf(decisions, r.code)?.label ?? r.code,
      released_at: iso(r.released_at),
      current: r === current,
      conditions: r.conditions,
      reasons: decisions.show_reasons ? reasonsShown(decisions, r) : [],
      reply_by: iso(r.reply_by),
      response: r.response,
      response_at: iso(r.response_at),
      declined_because_not_answered_in_time: r.response_by_default,
      letter_in_this_zip: r === current ? DECISION_LETTER_FILE : null,
    })),
    withdrawal: withdrawal ? { withdrawn_at: iso(withdrawal.withdrawn_at), reason: withdrawal.reason } : null,
    letter: current
      ? { name: DECISION_LETTER_FILE, read: () => drawDecisionLetter(deps, renderer, userId, current) }
      : null,
  };
}
