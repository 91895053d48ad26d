import type { Queryable } from '../../infra/db/db';

/**
 * Which of the account's applications this browser session's form calls act on
 * (issue 42); null is the account's own row. Kept per session, so another
 * browser (or a colleague's computer the applicant used) keeps its own choice.
 */
export async function openApplication(db: Queryable, sessionIdHash: string, ownerId: string | null): Promise<void> {
  await db.query('UPDATE sessions SET application_id = $2 WHERE id_hash = $1', [sessionIdHash, ownerId]);
}
