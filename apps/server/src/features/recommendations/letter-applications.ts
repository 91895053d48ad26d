import { RECOMMENDER_PREFIXES, type Answers, type RecommenderPrefix } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { recordChecklistChange } from '../../core/checklist-history';

/** One of the account's other applications a letter request also names, as the request reads it. */
export interface OtherApplication {
  /** Its owner id (decision 052): what its rows are keyed by. */
  id: string;
  answers: Answers;
  withdrawn: boolean;
}

/**
 * The applications named in `also_for` (issue 42), read for the current application's owner: each must be one
 * of the same account's applications (the account is `coalesce(application_of, id)` of an owner) in the open
 * cycle. Anything else, another person's application or a past cycle's, is the product's 404, which tells
 * nobody whether the id exists. The current application itself and repeats are left out.
 */
export async function otherApplicationsNamed(
  db: Queryable,
  ownerId: string,
  openCycleId: string,
  ids: readonly string[],
): Promise<OtherApplication[]> {
  const wanted = [...new Set(ids)].filter((id) => id !== ownerId);
  if (wanted.length === 0) return [];
  const { rows } = await db.query<OtherApplication>(
    `SELECT u.id, a.answers, (w.user_id IS NOT NULL) AS withdrawn
     FROM users u
     JOIN users me ON me.id = $1
     JOIN applications a ON a.user_id = u.id
     LEFT JOIN application_withdrawals w ON w.user_id = u.id
     WHERE u.id = ANY($2::uuid[]) AND coalesce(u.application_of, u.id) = coalesce(me.application_of, me.id)
       AND a.cycle_id = $3
     ORDER BY u.id`,
    [ownerId, wanted, openCycleId],
  );
  if (rows.length !== wanted.length) throw new AppError('NOT_FOUND');
  return rows;
}

/** The answer keys of one recommender slot ('recommender_email', its '_desc' companions…), not the other slot's. */
export function slotKeys(answers: Answers, prefix: RecommenderPrefix): string[] {
  const longer = RECOMMENDER_PREFIXES.filter((p) => p !== prefix && p.startsWith(prefix));
  return Object.keys(answers).filter((k) => k.startsWith(prefix) && !longer.some((p) => k.startsWith(p)));
}

/**
 * Gives another application the recommender the current one names in this slot: the requests read their
 * recommender from the answers (recommender-answers.ts), and a later save of that application keeps its request
 * only while its answers name the same address (syncRecommenders). The slot's keys are replaced as a whole, and
 * the change is in the application's history, as the applicant's correction of an address is.
 */
export async function copyRecommenderAnswers(
  tx: Queryable,
  from: Answers,
  to: OtherApplication,
  prefix: RecommenderPrefix,
  now: Date,
): Promise<void> {
  const keys = slotKeys(from, prefix);
  const patch = Object.fromEntries(keys.map((k) => [k, from[k]]));
  const dropped = slotKeys(to.answers, prefix).filter((k) => !(k in patch));
  const changed = Object.fromEntries(keys.filter((k) => to.answers[k] !== from[k]).map((k) => [k, from[k]]));
  if (Object.keys(changed).length === 0 && dropped.length === 0) return;
  await tx.query(
    `UPDATE applications SET answers = (answers - $2::text[]) || $3::jsonb, updated_at = $4 WHERE user_id = $1`,
    [to.id, dropped, JSON.stringify(patch), now],
  );
  const cleared = Object.fromEntries(dropped.map((k) => [k, null]));
  await recordChecklistChange(tx, to.id, { ...changed, ...cleared, recommender_copied: prefix }, now);
}
