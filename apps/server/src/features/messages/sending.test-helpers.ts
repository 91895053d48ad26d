import type { Queryable } from '../../infra/db/db';

/**
 * Many submitted applications to one program of the open cycle, written straight into the database and the
 * console's index (signing each up through the API would take minutes): a crowd a message can go to. Their
 * answers are empty; the index has their names. Returns their ids and addresses.
 */
export async function seedRecipients(
  db: Queryable,
  count: number,
  { prefix = 'crowd', program = 'GSCMC', cycle = '2026-27', at = new Date('2026-11-02T09:00:00Z') } = {},
): Promise<{ userId: string; email: string }[]> {
  const { rows } = await db.query<{ id: string; email: string }>(
    `INSERT INTO users (id, email, password_hash, confirmed_at, created_at)
     SELECT gen_random_uuid(), $1 || '-' || i || '@example.edu', 'not-a-password', $2, $2 FROM generate_series(1, $3::int) i
     RETURNING id, email`,
    [prefix, at, count],
  );
  const ids = rows.map((r) => r.id);
  await db.query(
    `INSERT INTO applications (user_id, answers, updated_at, submitted_at, cycle_id)
     SELECT id, jsonb_build_object('applied_major', $3::text), $2, $2, $4 FROM unnest($1::uuid[]) id`,
    [ids, at, program, cycle],
  );
  await db.query(
    `INSERT INTO staff_application_index (user_id, person_id, email, first_name, last_name, preferred_name, program,
       entry_term, web_status, last_change, submitted_at, missing_count, search_text, sort_name, refreshed_at, cycle_id)
     SELECT u.id, u.id, u.email, 'Crowd' || row_number() OVER (ORDER BY u.id), 'Member', '', $3, '2027FA', 'submitted',
       $2, $2, 0, lower(u.email), 'member crowd', $2, $4
     FROM users u WHERE u.id = ANY($1::uuid[])`,
    [ids, at, program, cycle],
  );
  return rows.map((r) => ({ userId: r.id, email: r.email }));
}
