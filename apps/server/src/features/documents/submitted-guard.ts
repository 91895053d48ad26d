import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';

/**
 * Locks the application row (as submit does) and refuses when it is submitted:
 * a document change and a submission never interleave.
 */
export async function lockUnsubmitted(tx: Queryable, userId: string): Promise<void> {
  const { rows } = await tx.query<{ submitted_at: Date | null }>(
    'SELECT submitted_at FROM applications WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  if (rows[0]?.submitted_at) throw new AppError('APPLICATION_SUBMITTED');
}
