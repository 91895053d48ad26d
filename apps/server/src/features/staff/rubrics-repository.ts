import type { Rubric, RubricsResponse } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

export async function loadRubrics(db: Queryable): Promise<RubricsResponse> {
  const { rows } = await db.query<{ program: string; rubric: Rubric }>(
    'SELECT program, rubric FROM staff_rubrics ORDER BY program',
  );
  return Object.fromEntries(rows.map((r) => [r.program, r.rubric]));
}

/** The rubric of the application's program, or the default. */
export async function rubricOf(db: Queryable, userId: string): Promise<Rubric> {
  const { rows } = await db.query<{ rubric: Rubric }>(
    `SELECT r.rubric FROM staff_rubrics r
     WHERE r.program = (SELECT program FROM staff_application_index WHERE user_id = $1) OR r.program = 'default'
     ORDER BY r.program = 'default' LIMIT 1`,
    [userId],
  );
  return rows[0]!.rubric;
}
