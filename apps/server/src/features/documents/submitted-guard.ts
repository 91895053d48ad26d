import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { openRequestFor, type OpenRequest } from '../../core/office-requests';

/**
 * Locks the application row (as submit does) and refuses when it is submitted:
 * a document change and a submission never interleave. Once submitted, the
 * one document the office asked for again (an open request for `answerKey`)
 * may still be uploaded: its request is returned; everything else is 409.
 */
export async function lockUnsubmitted(
  tx: Queryable,
  userId: string,
  answerKey?: string,
): Promise<OpenRequest | undefined> {
  const { rows } = await tx.query<{ submitted_at: Date | null }>(
    'SELECT submitted_at FROM applications WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  if (!rows[0]?.submitted_at) return undefined;
  const request = answerKey === undefined ? undefined : await openRequestFor(tx, userId, answerKey);
  if (!request) throw new AppError('APPLICATION_SUBMITTED');
  return request;
}
