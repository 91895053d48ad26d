import type { Answers, WebStatus } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

export interface ProfileRows {
  answers: Answers;
  lastPage: string | null;
  logins: Date[];
  webStatuses: WebStatus[];
}

export async function loadProfileRows(db: Queryable, userId: string): Promise<ProfileRows> {
  const [application, logins, statuses] = await Promise.all([
    db.query<{ answers: Answers; last_page: string | null }>(
      'SELECT answers, last_page FROM applications WHERE user_id = $1',
      [userId],
    ),
    db.query<{ logged_in_at: Date }>('SELECT logged_in_at FROM logins WHERE user_id = $1 ORDER BY logged_in_at', [userId]),
    db.query<{ web_status: WebStatus }>(
      // Statuses posted in the same instant still list in the order an application passes through them.
      `SELECT web_status FROM web_status_events WHERE user_id = $1
       ORDER BY created_at, array_position(ARRAY['started', 'validating', 'submitted'], web_status)`,
      [userId],
    ),
  ]);
  return {
    answers: application.rows[0]?.answers ?? {},
    lastPage: application.rows[0]?.last_page ?? null,
    logins: logins.rows.map((r) => new Date(r.logged_in_at)),
    webStatuses: statuses.rows.map((r) => r.web_status),
  };
}
