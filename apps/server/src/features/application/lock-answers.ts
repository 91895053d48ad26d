import type { Answers } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/**
 * The stored answers, locked until the caller's transaction ends. The row is
 * created first when there is none: FOR UPDATE locks nothing that does not
 * exist, so two first saves would otherwise both clear against {} and the
 * later one could keep an answer the earlier one hid.
 */
export async function lockAnswers(tx: Queryable, userId: string, now: Date): Promise<Answers | 'submitted'> {
  await tx.query('INSERT INTO applications (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [
    userId,
    now,
  ]);
  const { rows } = await tx.query<{ answers: Answers; submitted_at: Date | null }>(
    'SELECT answers, submitted_at FROM applications WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  const row = rows[0];
  if (!row) return {};
  return row.submitted_at ? 'submitted' : row.answers;
}
