import type { Answers } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/** The stored answers, locked until the caller's transaction ends ({} when there is no application yet). */
export async function lockAnswers(tx: Queryable, userId: string): Promise<Answers | 'submitted'> {
  const { rows } = await tx.query<{ answers: Answers; submitted_at: Date | null }>(
    'SELECT answers, submitted_at FROM applications WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  const row = rows[0];
  if (!row) return {};
  return row.submitted_at ? 'submitted' : row.answers;
}
