import type { Answers, ApiV1ListQuery, KeptBasis } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { keptBasisSql } from '../../core/kept-bases';

/** An application as the read API reads it from its own row; the rest (checklist, decision, IDs) comes beside it. */
export interface ApplicationRow {
  id: string;
  cycle: string;
  answers: Answers;
  submitted_at: Date | null;
  api_updated_at: Date;
  kept_basis: KeptBasis | null;
  withdrawn: boolean;
}

const COLUMNS = `a.user_id AS id, COALESCE(a.cycle_id, current_cycle_id()) AS cycle, a.answers, a.submitted_at,
  a.api_updated_at, ${keptBasisSql('a')} AS kept_basis,
  EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = a.user_id) AS withdrawn`;

const STATE_SQL: Record<NonNullable<ApiV1ListQuery['state']>, string> = {
  withdrawn: 'EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = a.user_id)',
  submitted:
    'a.submitted_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = a.user_id)',
  in_progress:
    'a.submitted_at IS NULL AND NOT EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = a.user_id)',
};

export interface PageRequest {
  filters: Pick<ApiV1ListQuery, 'cycle' | 'program' | 'state' | 'updated_since'>;
  /** The programs the token is limited to; null for every program. */
  programs: readonly string[] | null;
  /** The id the page starts after (the cursor's), or null for the first page. */
  after: string | null;
  limit: number;
}

/**
 * One page of applications in id order: a keyset on the primary key, so a page is an indexed read however many
 * applications there are and however they change between pages. With `updated_since`, the planner may read
 * applications_api_updated instead (142-api-v1.sql), whichever selects fewer rows. One more row than asked for
 * says whether there is a next page.
 */
export async function applicationsPage(db: Queryable, page: PageRequest): Promise<ApplicationRow[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (page.after) where.push(`a.user_id > ${param(page.after)}::uuid`);
  if (page.filters.updated_since) where.push(`a.api_updated_at >= ${param(page.filters.updated_since)}::timestamptz`);
  if (page.filters.cycle) where.push(`COALESCE(a.cycle_id, current_cycle_id()) = ${param(page.filters.cycle)}`);
  if (page.filters.program) where.push(`a.answers->>'applied_major' = ${param(page.filters.program)}`);
  if (page.programs) where.push(`a.answers->>'applied_major' = ANY (${param(page.programs)}::text[])`);
  if (page.filters.state) where.push(STATE_SQL[page.filters.state]);
  const { rows } = await db.query<ApplicationRow>(
    `SELECT ${COLUMNS} FROM applications a ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY a.user_id LIMIT ${page.limit + 1}`,
    params,
  );
  return rows;
}

/** One application, or undefined when there is none or the token's programs leave it out (the same 404 for both). */
export async function applicationRow(
  db: Queryable,
  id: string,
  programs: readonly string[] | null,
): Promise<ApplicationRow | undefined> {
  const { rows } = await db.query<ApplicationRow>(`SELECT ${COLUMNS} FROM applications a WHERE a.user_id = $1`, [id]);
  const row = rows[0];
  if (!row) return undefined;
  if (programs && !programs.includes(row.answers.applied_major ?? '')) return undefined;
  return row;
}

/**
 * The cycles and programs a filter may name: every cycle ever open (cycle_history keeps each with its programs, as
 * the applications of a closed cycle are read with them) and the tenant file's own. Anything else is a filter that
 * can only be a mistake: 400 API_FILTER_INVALID rather than an empty list.
 */
export async function knownCyclesAndPrograms(
  db: Queryable,
  tenant: { cycle: { id: string }; programs: readonly { code: string }[] },
): Promise<{ cycles: Set<string>; programs: Set<string> }> {
  const { rows } = await db.query<{ cycle_id: string; programs: string[] | null }>(
    `SELECT cycle_id, ARRAY(SELECT p->>'code' FROM jsonb_array_elements(basis->'programs') p) AS programs
     FROM cycle_history`,
  );
  return {
    cycles: new Set([tenant.cycle.id, ...rows.map((r) => r.cycle_id)]),
    programs: new Set([...tenant.programs.map((p) => p.code), ...rows.flatMap((r) => r.programs ?? [])]),
  };
}
