import type { Db } from '../apps/server/src/infra/db/db';

/**
 * `count` applicants made in SQL (users, answers, status, one history row each), as the staff console's
 * benchmarks want them: syllable surnames make a search match a few hundred, as a surname does; a third submitted.
 * The console's read model is then built by the server's own refresher (catchUpConsoleIndex).
 */
export async function seedConsoleApplications(db: Db, count: number): Promise<void> {
  const APPLICATIONS = count;
  await db.query(`
    CREATE TEMP TABLE syllables AS SELECT unnest(ARRAY['ka','lo','mi','ra','ven','tor','sel','dan','bri','mo','ne','sha','quin','har','lu','per','gol','fi','zen','wa']) AS s`);
  await db.query(
    `INSERT INTO users (email, password_hash, confirmed_at, created_at)
     SELECT 'applicant' || g || '@example.edu', 'x', now(), now() FROM generate_series(1, $1) g`,
    [APPLICATIONS],
  );
  await db.query(`
    INSERT INTO applications (user_id, answers, updated_at, submitted_at)
    SELECT id, jsonb_build_object(
        'first_name', (ARRAY['Ada','Grace','Alan','Hedy','Katherine','Tim','Barbara','Edsger','Frances','Niklaus'])[1 + n % 10],
        'last_name', initcap((ARRAY['ka','lo','mi','ra','ven','tor','sel','dan','bri','mo','ne','sha','quin','har','lu','per','gol','fi','zen','wa'])[1 + n % 20]
          || (ARRAY['ka','lo','mi','ra','ven','tor','sel','dan','bri','mo','ne','sha','quin','har','lu','per','gol','fi','zen','wa'])[1 + (n / 20) % 20]
          || (ARRAY['ka','lo','mi','ra','ven','tor','sel','dan','bri','mo','ne','sha','quin','har','lu','per','gol','fi','zen','wa'])[1 + (n / 400) % 20]),
        'city', 'Springfield', 'country', 'USA', 'state', 'IL', 'zip', '62701',
        'entry_term', (ARRAY['2027SP','2027FA','2028SP','2028FA'])[1 + n % 4],
        'applied_major', (ARRAY['MAE','BMN','MAPP','BMAS','MAPS'])[1 + n % 5],
        'citizenship', 'USA', 'entry_status', 'FT', 'birth_date', '1990-05-17'),
      now() - (n || ' minutes')::interval,
      CASE WHEN n % 3 = 0 THEN now() - (n || ' minutes')::interval END
    FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM users) u`);
  await db.query(`
    INSERT INTO web_status_events (user_id, web_status, created_at)
    SELECT a.user_id, s, a.updated_at FROM applications a
    CROSS JOIN LATERAL unnest(CASE WHEN a.submitted_at IS NOT NULL THEN ARRAY['started','validating','submitted'] ELSE ARRAY['started'] END) s`);
  await db.query(`
    INSERT INTO answer_history (user_id, kind, changes, created_at)
    SELECT user_id, 'answer', '{}'::jsonb, updated_at FROM applications ORDER BY updated_at`);
}
