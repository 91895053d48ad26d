import type { Answers } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

export async function insertTemporaryAnswers(
  db: Queryable,
  row: { tokenHash: string; answers: Answers; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO temporary_answers (token_hash, answers, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [row.tokenHash, JSON.stringify(row.answers), row.now, row.expiresAt],
  );
}

export async function findTemporaryAnswers(db: Queryable, tokenHash: string, now: Date) {
  const { rows } = await db.query<{ answers: Answers; expires_at: Date }>(
    'SELECT answers, expires_at FROM temporary_answers WHERE token_hash = $1 AND expires_at > $2',
    [tokenHash, now],
  );
  return rows[0];
}
