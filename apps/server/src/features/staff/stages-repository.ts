import type { Stage } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/** Stage labels by id, and the instant "days in stage" counts to: what a list row needs beyond its index row. */
export interface ListContext {
  stageLabels: ReadonlyMap<string, string>;
  now: Date;
}

/** The ordered stages (migrations/050-team.sql seeds the sample ones). */
export async function loadStages(db: Queryable): Promise<Stage[]> {
  const { rows } = await db.query<Stage>('SELECT id, label FROM staff_stages ORDER BY position');
  return rows;
}

export async function listContextOf(db: Queryable, now: Date): Promise<ListContext> {
  return { stageLabels: new Map((await loadStages(db)).map((s) => [s.id, s.label])), now };
}

/**
 * Submitted applications of these users that have no stage yet enter the
 * first stage, at their submission; the index row takes its copy in the same
 * statement. One that already has a stage (application_stages) keeps it, and
 * the copy is restored if the index row was rebuilt.
 */
export async function enterFirstStage(db: Queryable, userIds: readonly string[]): Promise<void> {
  await db.query(
    `WITH first AS (SELECT id FROM staff_stages ORDER BY position LIMIT 1),
     placed AS (
       INSERT INTO application_stages (user_id, stage, entered_at)
       SELECT i.user_id, first.id, i.submitted_at FROM staff_application_index i, first
       WHERE i.user_id = ANY ($1::uuid[]) AND i.submitted_at IS NOT NULL AND i.stage IS NULL
       ON CONFLICT (user_id) DO UPDATE SET stage = application_stages.stage
       RETURNING user_id, stage, entered_at)
     UPDATE staff_application_index i SET stage = placed.stage, stage_entered_at = placed.entered_at
     FROM placed WHERE i.user_id = placed.user_id`,
    [userIds],
  );
}

/** Moves applications to a stage, in the source table and the index row alike (one transaction, the caller's). */
export async function moveToStage(
  db: Queryable,
  userIds: readonly string[],
  stage: string,
  now: Date,
): Promise<number> {
  const { rows } = await db.query<{ user_id: string }>(
    `WITH moved AS (
       INSERT INTO application_stages (user_id, stage, entered_at)
       SELECT unnest($1::uuid[]), $2, $3
       ON CONFLICT (user_id) DO UPDATE SET stage = EXCLUDED.stage, entered_at = EXCLUDED.entered_at
         WHERE application_stages.stage IS DISTINCT FROM EXCLUDED.stage
       RETURNING user_id, stage, entered_at)
     UPDATE staff_application_index i SET stage = moved.stage, stage_entered_at = moved.entered_at
     FROM moved WHERE i.user_id = moved.user_id RETURNING i.user_id`,
    [userIds, stage, now],
  );
  return rows.length;
}
