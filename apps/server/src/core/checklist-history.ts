import type { Queryable } from '../infra/db/db';

/**
 * A change of a checklist item (an office request or waiver, a letter opened
 * or refused, a recommender's address corrected) is a change of the
 * application: it is appended to answer_history like an answer, so the
 * console's index recomputes the application (its `complete` column) and the
 * office reads every change in one history.
 */
export async function recordChecklistChange(
  tx: Queryable,
  userId: string,
  changes: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO answer_history (user_id, kind, changes, created_at) VALUES ($1, 'checklist', $2::jsonb, $3)`,
    [userId, JSON.stringify(changes), now],
  );
}
