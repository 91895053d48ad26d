import type { Queryable } from '../../infra/db/db';

/**
 * Writes the decision and its state of these applications onto their index
 * rows, from the decision tables (application_decision_states,
 * migrations/100-decision-state-in-the-index.sql). Every transaction that
 * changes a decision, a release or a withdrawal calls it before it commits, so
 * the list's column, filter and CSV never disagree with the detail (decision 051).
 *
 * The rows are locked first, in one order, and the copy is computed by a
 * second statement: under READ COMMITTED that statement sees every change a
 * concurrent transaction committed while this one waited for the lock, so
 * the last writer to commit always writes the state as it then stands.
 */
export async function copyDecisionStates(db: Queryable, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.query('SELECT 1 FROM staff_application_index WHERE user_id = ANY ($1::uuid[]) ORDER BY user_id FOR UPDATE', [
    userIds,
  ]);
  await db.query(
    `UPDATE staff_application_index i SET decision = s.decision, decision_state = s.decision_state
     FROM (SELECT u.id, d.decision, d.decision_state FROM unnest($1::uuid[]) AS u (id)
       LEFT JOIN application_decision_states($1::uuid[]) d ON d.user_id = u.id) s
     WHERE i.user_id = s.id AND (i.decision, i.decision_state) IS DISTINCT FROM (s.decision, s.decision_state)`,
    [userIds],
  );
}
