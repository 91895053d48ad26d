import type { Queryable } from '../../infra/db/db';
import { isUuid } from '../../http/is-uuid';

/**
 * Where the application a staff link names lives now (decision 064), or undefined when the link's id is still
 * that application. Starting the next cycle moves the account's application to an owner of its own (decision 052)
 * and records the move in moved_applications; the account's id then names the new cycle's application.
 * - A link with its cycle (`?cycle=`, which the console's address carries) means that cycle's application: when
 *   the id holds another cycle's, the move of that cycle from this id says where it went.
 * - A link without one means what the id names; only an id that names no application at all any more leads to
 *   its latest move.
 * One probe of the key, and one of applications, whatever the answer.
 */
export async function movedApplicationOf(
  db: Queryable,
  userId: string,
  cycle: string | undefined,
): Promise<string | undefined> {
  if (!isUuid(userId)) return undefined;
  const { rows } = await db.query<{ new_id: string }>(
    `SELECT m.new_id FROM moved_applications m
     WHERE m.old_id = $1 AND ($2::text IS NULL OR m.cycle_id = $2)
       AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = $1 AND ($2::text IS NULL OR a.cycle_id = $2))
     ORDER BY m.moved_at DESC
     LIMIT 1`,
    [userId, cycle ?? null],
    { name: 'moved-application' },
  );
  return rows[0]?.new_id;
}
