import type { TenantConfig } from '@admissions/domain';
import type { Db } from '../apps/server/src/infra/db/db';

/** The cycle before the open one, with its applications, so the pace report has a last cycle. */
export const PREVIOUS_CYCLE = '2025-26';
/** Its opening, 1 August 2025 at midnight in Chicago, and its close. */
export const PREVIOUS_OPENS = '2025-08-01T05:00:00Z';
const PREVIOUS_CLOSES = '2026-09-01T04:59:00Z';
const REVIEWERS = 20;

/**
 * The data of bench:reports (issue 47), made in SQL: every table the six reports read, with the spread a real
 * cycle has. Applications are numbered n: 1 to `applications` submitted in the open cycle, then a tenth as many
 * started only, then half as many submitted in the cycle before. `h(n, salt)` is a fixed pseudo-random number per
 * application, so every run seeds the same rows.
 *
 * - applications and staff_application_index (program, term, submission, the checklist's `complete`, the count of
 *   submitted reviews): submissions spread from the cycle's opening to now, more of them later; three in four
 *   complete. Answers: gender, ethnicity, the five race boxes and citizenship as the About step stores them, some
 *   blank or left out, and six applicants of three rare countries (cells the equality report must hide).
 * - checklist events (timing's "complete"): a document converted before submission for everyone; for the complete
 *   ones a transcript converted after it, a received current letter (and a replaced one that must not count), and
 *   a few waivers, office receipts and answered requests (and withdrawn ones that must not count).
 * - reviews: two for nine applications in ten, a third for one in five (about 2.2 a submitted application), by 20
 *   reviewers with their own leniency, one in 25 a draft; an assignment for each, and some without a review yet.
 * - decisions: one application in five: a fifth provisional, the rest released (a tenth of those changed after
 *   release: an earlier superseded one), offers answered, declined, declined by default, lapsed or still open; some
 *   released ones with a new provisional decision on top; released decisions in the previous cycle too.
 * - withdrawals: one application in forty, some after an offer.
 */
export async function seedReports(seed: Db, tenant: TenantConfig, applications: number) {
  const started = Math.round(applications / 10);
  const previous = Math.round(applications / 2);
  const open = tenant.cycle.id;
  const programs = tenant.programs.map((p) => p.code);
  // Uneven, as programs are: the first ones of the list weigh more.
  const weighted = programs.flatMap((code, i) =>
    Array.from({ length: Math.max(1, 4 - Math.floor(i / 2)) }, () => code),
  );

  await seed.query(`
    CREATE FUNCTION bench_h(n int, salt text) RETURNS int LANGUAGE sql IMMUTABLE
    AS $$ SELECT (hashtext(n::text || salt)::bigint & 2147483647)::int $$`);
  await seed.query(
    `INSERT INTO users (email, password_hash, confirmed_at, created_at)
     SELECT 'applicant' || g || '@example.edu', 'x', now(), now() FROM generate_series(1, $1) g`,
    [applications + started + previous],
  );
  // One row an application with what the others are derived from; frac places its submission in its cycle.
  await seed.query(
    `CREATE TABLE bench_seed AS
     SELECT u.id AS user_id, s.n,
       CASE WHEN s.n <= $1::int + $2::int THEN $3::text ELSE $4::text END AS cycle_id,
       s.n <= $1::int OR s.n > $1::int + $2::int AS submitted,
       ($5::text[])[1 + bench_h(s.n, 'p') % array_length($5::text[], 1)] AS program,
       CASE WHEN s.n <= $1::int + $2::int THEN (ARRAY['2027SP','2027SU','2027FA','2027FA','2027FA','2028SP'])[1 + bench_h(s.n, 't') % 6]
         ELSE (ARRAY['2026SP','2026FA','2026FA'])[1 + bench_h(s.n, 't') % 3] END AS term,
       power((bench_h(s.n, 's') % 1000000) / 1000000.0, 0.7) AS frac,
       bench_h(s.n, 'c') % 100 < 75 AS complete
     FROM users u CROSS JOIN LATERAL (SELECT split_part(substr(u.email, 10), '@', 1)::int AS n) s
     WHERE u.email LIKE 'applicant%@example.edu'`,
    [applications, started, open, PREVIOUS_CYCLE, weighted],
  );
  const opens = new Date(tenant.cycle.opens + ':00-05:00'); // 1 August, CDT
  await seed.query('ALTER TABLE bench_seed ADD COLUMN submitted_at timestamptz');
  await seed.query(
    `UPDATE bench_seed SET submitted_at = CASE
       WHEN NOT submitted THEN NULL
       WHEN cycle_id = $1 THEN $2::timestamptz + interval '330 days' * frac
       ELSE $3::timestamptz + (now() - interval '1 hour' - $3::timestamptz) * frac END`,
    [PREVIOUS_CYCLE, PREVIOUS_OPENS, opens],
  );
  await seed.query('ALTER TABLE bench_seed ADD PRIMARY KEY (user_id)');
  await seed.query(`
    INSERT INTO applications (user_id, answers, updated_at, submitted_at, cycle_id)
    SELECT user_id, jsonb_strip_nulls(jsonb_build_object(
        'first_name', (ARRAY['Ada','Grace','Alan','Hedy','Katherine','Tim','Barbara','Edsger','Frances','Niklaus'])[1 + n % 10],
        'last_name', 'Applicant' || n,
        'applied_major', program, 'entry_term', term, 'entry_status', 'FT',
        'gender', CASE WHEN g < 46 THEN 'F' WHEN g < 90 THEN 'M' WHEN g < 94 THEN 'X' WHEN g < 97 THEN 'U' WHEN g < 99 THEN NULL ELSE '' END,
        'ethnicity', CASE WHEN e < 15 THEN 'HL' WHEN e < 88 THEN 'NHL' WHEN e < 95 THEN 'U' END,
        'race_american_indian', CASE WHEN bench_h(n, 'ra') % 100 < 2 THEN 'true' END,
        'race_asian', CASE WHEN bench_h(n, 'rb') % 100 < 20 THEN 'true' END,
        'race_black', CASE WHEN bench_h(n, 'rc') % 100 < 12 THEN 'true' END,
        'race_native_hawaiian', CASE WHEN bench_h(n, 'rd') % 1000 < 3 THEN 'true' END,
        'race_white', CASE WHEN bench_h(n, 're') % 100 < 55 THEN 'true' END,
        'citizenship', CASE WHEN n IN (11, 12, 13) THEN 'TUV' WHEN n IN (21, 22) THEN 'LIE' WHEN n = 31 THEN 'MLT'
          WHEN c < 62 THEN 'USA' WHEN c < 72 THEN 'IND' WHEN c < 80 THEN 'CHN' WHEN c < 85 THEN 'CAN' WHEN c < 89 THEN 'MEX'
          WHEN c < 92 THEN 'NGA' WHEN c < 95 THEN 'KOR' WHEN c < 97 THEN 'BRA' WHEN c < 99 THEN 'DEU' END)),
      coalesce(submitted_at, now() - interval '1 day' * frac), submitted_at, cycle_id
    FROM (SELECT *, bench_h(n, 'g') % 100 AS g, bench_h(n, 'e') % 100 AS e, bench_h(n, 'z') % 100 AS c FROM bench_seed) s`);
  await seed.query(`
    INSERT INTO staff_application_index (user_id, email, first_name, last_name, preferred_name, program, entry_term,
      web_status, last_change, submitted_at, missing_count, search_text, sort_name, refreshed_at, cycle_id, complete)
    SELECT s.user_id, 'applicant' || s.n || '@example.edu', 'Ada', 'Applicant' || s.n, '', s.program, s.term,
      CASE WHEN s.submitted THEN 'submitted' ELSE 'started' END, a.updated_at, s.submitted_at,
      CASE WHEN s.submitted AND s.complete THEN 0 ELSE 1 END, 'ada applicant' || s.n, 'applicant' || s.n || ' ada', now(),
      s.cycle_id, s.submitted AND s.complete
    FROM bench_seed s JOIN applications a ON a.user_id = s.user_id`);

  // Checklist events: what timing takes "complete" from.
  await seed.query(`
    INSERT INTO documents (id, user_id, answer_key, upload_key, file_name, file_size, status, pdf_key, pdf_size, created_at, updated_at)
    SELECT gen_random_uuid(), user_id, 'resume_upload', 'u/' || n, 'resume.pdf', 1000, 'COMPLETED', 'p/' || n, 1000,
      submitted_at - interval '3 hours', submitted_at - interval '2 hours'
    FROM bench_seed WHERE submitted
    UNION ALL
    SELECT gen_random_uuid(), user_id, 'college_transcript_upload', 't/' || n, 'transcript.pdf', 1000, 'COMPLETED', 'q/' || n, 1000,
      submitted_at, LEAST(now(), submitted_at + interval '1 hour' * (bench_h(n, 'dt') % 900))
    FROM bench_seed WHERE submitted AND complete AND bench_h(n, 'dd') % 2 = 0`);
  await seed.query(`
    INSERT INTO recommendation_requests (id, user_id, prefix, email, email_norm, recommender, status, current, requested_at,
      expires_at, responded_at, updated_at)
    SELECT gen_random_uuid(), user_id, 'recommender_', 'ref' || n || '@school.test', 'ref' || n || '@school.test', '{}'::jsonb,
      CASE WHEN complete THEN 'RECEIVED' ELSE 'REQUESTED' END, true, submitted_at - interval '5 days', submitted_at + interval '60 days',
      CASE WHEN complete THEN LEAST(now(), submitted_at + interval '1 hour' * (bench_h(n, 'lt') % 1200)) END, now()
    FROM bench_seed WHERE submitted AND bench_h(n, 'lr') % 10 < 6
    UNION ALL
    SELECT gen_random_uuid(), user_id, 'recommender_', 'old' || n || '@school.test', 'old' || n || '@school.test', '{}'::jsonb,
      'RECEIVED', false, submitted_at - interval '9 days', submitted_at + interval '60 days', now(), now()
    FROM bench_seed WHERE submitted AND n % 50 = 7`);
  await seed.query(`
    INSERT INTO checklist_waivers (user_id, item_key, reason, waived_by, waived_at)
    SELECT user_id, 'gre_scores', 'Waived for this program.', 'office@college.test',
      LEAST(now(), submitted_at + interval '1 hour' * (bench_h(n, 'wv') % 1500))
    FROM bench_seed WHERE submitted AND complete AND bench_h(n, 'w') % 100 < 3`);
  await seed.query(`
    INSERT INTO checklist_receipts (user_id, item_key, note, received_by, received_at)
    SELECT user_id, 'college_transcript_upload', 'Paper transcript from the school.', 'office@college.test',
      LEAST(now(), submitted_at + interval '1 hour' * (bench_h(n, 'rv') % 2000))
    FROM bench_seed WHERE submitted AND complete AND bench_h(n, 'r') % 100 < 3`);
  await seed.query(`
    INSERT INTO checklist_requests (id, user_id, item_key, message, requested_by, requested_at, answered_at, withdrawn_at, withdrawn_by)
    SELECT gen_random_uuid(), user_id, 'resume_upload', 'A clearer copy, please.', 'office@college.test', submitted_at,
      CASE WHEN k = 1 THEN LEAST(now(), submitted_at + interval '1 hour' * (bench_h(n, 'qa') % 700)) END,
      CASE WHEN k = 2 THEN now() END, CASE WHEN k = 2 THEN 'office@college.test' END
    FROM bench_seed, generate_series(1, 2) k WHERE submitted AND complete AND bench_h(n, 'q') % 100 < 2`);

  // Reviews and their assignments: reviewer k is lenient or harsh by (k % 5 - 2) / 4 of a point.
  await seed.query(
    `INSERT INTO review_assignments (application_user_id, reviewer_email, assigned_by, assigned_at)
     SELECT user_id, 'reviewer' || ((n + k * 7) % $1) || '@college.test', 'office@college.test',
       LEAST(now(), submitted_at + interval '1 hour' * (100 + bench_h(n * 3 + k, 'as') % 600))
     FROM bench_seed, generate_series(1, 3) k
     WHERE submitted AND (cycle_id = $2 OR n % 20 = 1)
       AND (k <= 2 AND n % 10 <> 0 OR k = 3 AND n % 5 = 1 OR k = 1 AND n % 10 = 0)`,
    [REVIEWERS, open],
  );
  await seed.query(`
    INSERT INTO reviews (application_user_id, reviewer_email, scores, comment, overall, status, updated_at, submitted_at)
    SELECT a.application_user_id, a.reviewer_email, jsonb_build_object('academic', s1, 'statement', s2, 'recommendations', s3),
      'Read.', LEAST(5, GREATEST(1, round((s1 + s2 + s3) / 3.0 + (split_part(substr(a.reviewer_email, 9), '@', 1)::int % 5 - 2) / 4.0, 2))),
      CASE WHEN draft THEN 'draft' ELSE 'submitted' END, at,
      CASE WHEN NOT draft THEN at END
    FROM review_assignments a JOIN bench_seed s ON s.user_id = a.application_user_id
    CROSS JOIN LATERAL (SELECT 1 + bench_h(s.n, 'x' || a.reviewer_email) % 5 AS s1, 1 + bench_h(s.n, 's1') % 5 AS s2,
      1 + bench_h(s.n, 'y' || a.reviewer_email) % 5 AS s3,
      bench_h(s.n, 'dr' || a.reviewer_email) % 25 = 0 AS draft,
      LEAST(now(), a.assigned_at + interval '1 hour' * (bench_h(s.n, 'rt' || a.reviewer_email) % 700)) AS at) x
    WHERE s.n % 10 <> 0`);
  await seed.query(`
    UPDATE staff_application_index i SET review_count = r.n, overall_score = r.avg
    FROM (SELECT application_user_id, count(*)::int AS n, avg(overall) AS avg FROM reviews WHERE status = 'submitted'
      GROUP BY 1) r
    WHERE i.user_id = r.application_user_id`);

  // Decisions: one application in five. released_at between submission and now; 14 days to answer an offer.
  await seed.query(`
    CREATE TABLE bench_decided AS
    SELECT user_id, n, cycle_id, bench_h(n, 'ds') % 100 >= 20 OR cycle_id <> '${open}' AS released,
      CASE WHEN x < 40 THEN 'admit' WHEN x < 50 THEN 'admit_conditional' WHEN x < 70 THEN 'waitlist' ELSE 'deny' END AS code,
      submitted_at + (now() - submitted_at) * (0.2 + 0.75 * (bench_h(n, 'rl') % 1000) / 1000.0) AS released_at,
      bench_h(n, 'an') % 100 AS answer
    FROM (SELECT *, bench_h(n, 'dc') % 100 AS x FROM bench_seed WHERE submitted AND n % 5 = 0 AND (cycle_id = '${open}' OR n % 25 = 0)) s`);
  await seed.query(`
    INSERT INTO decisions (id, user_id, code, status, decided_by, decided_at, released_at, released_by, reply_by, viewed_at,
      response, response_at, response_by_default)
    SELECT gen_random_uuid(), user_id, code, CASE WHEN released THEN 'released' ELSE 'provisional' END, 'office@college.test',
      released_at - interval '2 days', CASE WHEN released THEN released_at END, CASE WHEN released THEN 'office@college.test' END,
      CASE WHEN released AND offer THEN released_at + interval '14 days' END,
      CASE WHEN released AND answer < 80 THEN released_at + interval '1 day' END,
      CASE WHEN NOT (released AND offer) THEN NULL WHEN answer < 45 THEN 'accept' WHEN answer < 60 THEN 'decline'
        WHEN answer < 66 AND released_at + interval '14 days' < now() THEN 'decline' END,
      CASE WHEN NOT (released AND offer) THEN NULL WHEN answer < 60 THEN released_at + interval '1 hour' * (answer * 5)
        WHEN answer < 66 AND released_at + interval '14 days' < now() THEN released_at + interval '14 days' END,
      released AND offer AND answer >= 60 AND answer < 66 AND released_at + interval '14 days' < now()
    FROM (SELECT *, code IN ('admit', 'admit_conditional') AS offer FROM bench_decided) d`);
  // A tenth of the released ones were changed after release: the first release, superseded, is still the first.
  await seed.query(`
    INSERT INTO decisions (id, user_id, code, status, decided_by, decided_at, released_at, released_by, ended_at)
    SELECT gen_random_uuid(), user_id, 'waitlist', 'superseded', 'office@college.test', released_at - interval '12 days',
      released_at - interval '10 days', 'office@college.test', released_at - interval '2 days'
    FROM bench_decided WHERE released AND n % 50 = 0`);
  // And some released ones have a new draft on top, which a member with decide counts as their decision.
  await seed.query(`
    INSERT INTO decisions (id, user_id, code, status, decided_by, decided_at)
    SELECT gen_random_uuid(), user_id, 'admit', 'provisional', 'office@college.test', now() - interval '1 hour'
    FROM bench_decided WHERE released AND n % 125 = 0`);
  await seed.query(`
    INSERT INTO application_withdrawals (user_id, withdrawn_at, reason)
    SELECT s.user_id, LEAST(now(), coalesce(d.released_at + interval '1 hour' * (bench_h(s.n, 'wd') % 500),
      s.submitted_at + interval '1 hour' * (bench_h(s.n, 'wd') % 1500))), 'Going elsewhere.'
    FROM bench_seed s LEFT JOIN bench_decided d ON d.user_id = s.user_id
    WHERE s.submitted AND s.n % 40 IN (5, 6)`);
  await seed.query(
    `INSERT INTO cycle_history (cycle_id, closes_at, opens_at, recorded_at) VALUES ($1, $2, $3, now())`,
    [PREVIOUS_CYCLE, PREVIOUS_CLOSES, PREVIOUS_OPENS],
  );
  await seed.query('DROP TABLE bench_seed, bench_decided');
  await seed.query('DROP FUNCTION bench_h');
  await seed.query('VACUUM ANALYZE');

  const { rows } = await seed.query<{
    reviews: number;
    assignments: number;
    decisions: number;
    decision_rows: number;
    withdrawals: number;
  }>(
    `SELECT (SELECT count(*)::int FROM reviews) AS reviews, (SELECT count(*)::int FROM review_assignments) AS assignments,
      (SELECT count(DISTINCT d.user_id)::int FROM decisions d JOIN applications a ON a.user_id = d.user_id
        WHERE d.status IN ('released', 'provisional') AND a.cycle_id = $1) AS decisions,
      (SELECT count(*)::int FROM decisions) AS decision_rows,
      (SELECT count(*)::int FROM application_withdrawals) AS withdrawals`,
    [open],
  );
  const r = rows[0]!;
  return {
    applications,
    started,
    previous,
    reviews: r.reviews,
    reviewers: REVIEWERS,
    assignments: r.assignments,
    decisions: r.decisions,
    decisionRows: r.decision_rows,
    withdrawals: r.withdrawals,
  };
}
