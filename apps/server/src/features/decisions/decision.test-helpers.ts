import type { Queryable } from '../../infra/db/db';

/**
 * Many submitted applications, each with a provisional decision, written
 * straight into the database (signing each up through the API would take
 * minutes): what a crash test and the release benchmark start from. Returns
 * their ids and addresses.
 */
export async function seedDecidedApplications(
  db: Queryable,
  count: number,
  { prefix = 'crowd', code = 'admit', at = new Date('2026-11-02T09:00:00Z') } = {},
): Promise<{ userId: string; email: string }[]> {
  const { rows } = await db.query<{ id: string; email: string }>(
    `INSERT INTO users (id, email, password_hash, confirmed_at, created_at)
     SELECT gen_random_uuid(), $1 || '-' || i || '@example.edu', 'not-a-password', $2, $2 FROM generate_series(1, $3::int) i
     RETURNING id, email`,
    [prefix, at, count],
  );
  const ids = rows.map((r) => r.id);
  await db.query(
    `INSERT INTO applications (user_id, answers, updated_at, submitted_at) SELECT id, '{}'::jsonb, $2, $2 FROM unnest($1::uuid[]) id`,
    [ids, at],
  );
  await db.query(
    `INSERT INTO staff_application_index (user_id, email, first_name, last_name, preferred_name, program, entry_term,
       web_status, last_change, submitted_at, missing_count, search_text, sort_name, refreshed_at, decision, decision_state)
     SELECT u.id, u.email, 'Ada', 'Crowd', '', '', '', 'submitted', $2, $2, 0, lower(u.email), 'crowd ada', $2, $3, 'provisional'
     FROM users u WHERE u.id = ANY($1::uuid[])`,
    [ids, at, code],
  );
  await db.query(
    `INSERT INTO decisions (id, user_id, code, status, decided_by, decided_at)
     SELECT gen_random_uuid(), id, $2, 'provisional', 'seed@college.test', $3 FROM unnest($1::uuid[]) id`,
    [ids, code, at],
  );
  return rows.map((r) => ({ userId: r.id, email: r.email }));
}
