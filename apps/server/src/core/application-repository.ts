import type { Answers, KeptBasis } from '@admissions/domain';
import type { Queryable } from '../infra/db/db';
import { keptBasisSql } from './kept-bases';

/**
 * Writes to an application. Each is one statement that changes the row and
 * appends to answer_history together, and each refuses (returns false) once
 * the application is submitted, or once its cycle has closed (decision 052):
 * the database itself holds that line.
 */

const UPSERT_AND_LOG = (column: string, mergeExpression: string) => `
  WITH saved AS (
    INSERT INTO applications (user_id, ${column}, updated_at) VALUES ($1, $2, $3)
    ON CONFLICT (user_id) DO UPDATE SET ${column} = ${mergeExpression}, updated_at = EXCLUDED.updated_at
    WHERE applications.submitted_at IS NULL AND coalesce(applications.cycle_id = current_cycle_id(), true)
    RETURNING user_id
  ), logged AS (
    INSERT INTO answer_history (user_id, kind, changes, created_at)
    SELECT user_id, $4, $5::jsonb, $3 FROM saved
  )
  SELECT count(*)::int AS saved FROM saved`;

const MERGE_ANSWERS = UPSERT_AND_LOG('answers', 'applications.answers || EXCLUDED.answers');
const SET_LAST_PAGE = UPSERT_AND_LOG('last_page', 'EXCLUDED.last_page');
const MERGE_TABS = UPSERT_AND_LOG('tabs', 'applications.tabs || EXCLUDED.tabs');

async function run(
  db: Queryable,
  sql: string,
  userId: string,
  value: unknown,
  now: Date,
  kind: string,
  changes: unknown,
) {
  const { rows } = await db.query<{ saved: number }>(sql, [userId, value, now, kind, JSON.stringify(changes)]);
  return (rows[0]?.saved ?? 0) > 0;
}

/** Merges the given keys into the stored answers; keys not given are left as they are. */
export function mergeAnswers(db: Queryable, userId: string, changes: Answers, now: Date): Promise<boolean> {
  return run(db, MERGE_ANSWERS, userId, JSON.stringify(changes), now, 'answer', changes);
}

export function setLastPage(db: Queryable, userId: string, lastPage: string, now: Date): Promise<boolean> {
  return run(db, SET_LAST_PAGE, userId, lastPage, now, 'last_page', { last_page: lastPage });
}

export function setTab(db: Queryable, userId: string, tabId: string, chosenTab: string, now: Date) {
  const change = { [tabId]: chosenTab };
  return run(db, MERGE_TABS, userId, JSON.stringify(change), now, 'tabs', change);
}

export interface ApplicationRow {
  answers: Answers;
  last_page: string | null;
  add_another: Record<string, number>;
  tabs: Record<string, string>;
  submitted_at: Date | null;
  /** The programs and terms it is read with (issue 41): kept at submission, or its closed cycle's; else null. */
  kept_basis: KeptBasis | null;
}

export async function findApplication(db: Queryable, userId: string): Promise<ApplicationRow | undefined> {
  const { rows } = await db.query<ApplicationRow>(
    `SELECT answers, last_page, add_another, tabs, submitted_at, ${keptBasisSql('a')} AS kept_basis
     FROM applications a WHERE user_id = $1`,
    [userId],
  );
  return rows[0];
}

export async function isSubmitted(db: Queryable, userId: string): Promise<boolean> {
  return (await findApplication(db, userId))?.submitted_at != null;
}

/** Records a status once; the list only ever grows. */
export async function addWebStatus(db: Queryable, userId: string, status: string, now: Date): Promise<void> {
  await db.query(
    `WITH added AS (
       INSERT INTO web_status_events (user_id, web_status, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, web_status) DO NOTHING RETURNING user_id
     )
     INSERT INTO answer_history (user_id, kind, changes, created_at)
     SELECT user_id, 'web_status', jsonb_build_object('web_status', $2::text), $3 FROM added`,
    [userId, status, now],
  );
}

export async function historyOf(db: Queryable, userId: string) {
  const { rows } = await db.query<{ kind: string; changes: Record<string, unknown>; created_at: Date }>(
    'SELECT kind, changes, created_at FROM answer_history WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows;
}

export interface LockedApplication {
  answers: Answers;
  add_another: Record<string, number>;
  tabs: Record<string, string>;
  submitted_at: Date | null;
}

/** The whole application, locked until the caller's transaction ends. */
export async function lockApplication(tx: Queryable, userId: string): Promise<LockedApplication | undefined> {
  const { rows } = await tx.query<LockedApplication>(
    'SELECT answers, add_another, tabs, submitted_at FROM applications WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  return rows[0];
}

/**
 * Final: stores the answers as validated, the submission time, the submitted status and what the
 * application keeps of the configuration it was judged by, in one go.
 */
export async function markSubmitted(
  tx: Queryable,
  userId: string,
  answers: Answers,
  now: Date,
  kept: KeptBasis,
  late = false,
): Promise<void> {
  await tx.query(
    `UPDATE applications SET answers = $2::jsonb, submitted_at = $3, updated_at = $3, validation_errors = NULL, late = $4,
       kept_basis = $5::jsonb
     WHERE user_id = $1`,
    [userId, JSON.stringify(answers), now, late, JSON.stringify(kept)],
  );
  await tx.query(
    `INSERT INTO web_status_events (user_id, web_status, created_at)
     SELECT $1, s, $2 FROM unnest(ARRAY['started', 'validating', 'submitted']) AS s
     ON CONFLICT (user_id, web_status) DO NOTHING`,
    [userId, now],
  );
  await tx.query(
    `INSERT INTO answer_history (user_id, kind, changes, created_at) VALUES ($1, 'submit', $2::jsonb, $3)`,
    [userId, JSON.stringify({ submitted_at: now.toISOString(), ...(late ? { late } : {}) }), now],
  );
}

/** Keeps the latest validation errors the applicant saw, so staff can see what is missing. */
export async function saveValidationErrors(db: Queryable, userId: string, errors: Record<string, string[]>, now: Date) {
  const { rowCount } = await db.query(
    `INSERT INTO applications (user_id, validation_errors, validated_at, updated_at) VALUES ($1, $2::jsonb, $3, $3)
     ON CONFLICT (user_id) DO UPDATE SET validation_errors = EXCLUDED.validation_errors, validated_at = EXCLUDED.validated_at
     WHERE applications.submitted_at IS NULL`,
    [userId, JSON.stringify(errors), now],
  );
  return rowCount > 0;
}
