import type { Queryable } from '../../infra/db/db';

/** Rows a statement: what one release batch (DECISION_RELEASE_BATCH_SIZE) writes at most. */
const COPY_CHUNK = 1000;

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
 * Chunks go in id order, so two copies over the same rows never deadlock.
 */
export async function copyDecisionStates(db: Queryable, userIds: readonly string[]): Promise<void> {
  // A release of 10,000 is copied a thousand rows a statement: one statement for all of them outlasted the
  // server's 2 s statement limit on a loaded machine.
  const ids = [...new Set(userIds)].sort();
  for (let i = 0; i < ids.length; i += COPY_CHUNK) {
    const chunk = ids.slice(i, i + COPY_CHUNK);
    await db.query(
      'SELECT 1 FROM staff_application_index WHERE user_id = ANY ($1::uuid[]) ORDER BY user_id FOR UPDATE',
      [chunk],
    );
    await db.query(
      `UPDATE staff_application_index i SET decision = s.decision, decision_state = s.decision_state
       FROM (SELECT u.id, d.decision, d.decision_state FROM unnest($1::uuid[]) AS u (id)
         LEFT JOIN application_decision_states($1::uuid[]) d ON d.user_id = u.id) s
       WHERE i.user_id = s.id AND (i.decision, i.decision_state) IS DISTINCT FROM (s.decision, s.decision_state)`,
      [chunk],
    );
  }
}
