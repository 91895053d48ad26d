import type { Answers, ApiV1ListQuery, KeptBasis } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { keptBasisSql } from '../../core/kept-bases';
import { auditRowSql, type AuditEntry } from '../../session/audit-log';
import { tokenLiveSql } from '../api-tokens';

/** An application as the read API derives its view: its own row (the checklist, decision and IDs come beside it). */
export interface ApplicationRow {
  id: string;
  answers: Answers;
  kept_basis: KeptBasis | null;
  /** The view's version this row is (migration 144): read before anything the view is derived from. */
  api_version: string;
}

/** What a page shows of an application from its row, and its stored view's JSON when that is current. */
export interface PageRow {
  id: string;
  cycle: string;
  /** When it was submitted, in milliseconds since the epoch (below); null while in progress. */
  submitted_ms: number | null;
  /** The read API's updated_at (migration 142), in milliseconds since the epoch. */
  updated_ms: number;
  withdrawn: boolean;
  /** The stored view (api-views.ts) when current for this version, basis and time; null: to be derived. */
  view: string | null;
}

/** Whose view a page reads as stored: the running configuration's basis, at the call's instant. */
export interface ViewCheck {
  basis: string;
  now: Date;
}

/**
 * The open cycle, for an application made before any cycle was recorded (its cycle_id NULL): what current_cycle_id()
 * returns (migration 060: the one row of portal_cycle), as a subquery of the table itself, so that PostgreSQL reads it
 * once a statement (an InitPlan) rather than calling the function for each such row, which was 0.4 ms of a page of 100
 * in the database; and reads the table, not the SQL function, whose body is parsed and planned again at each statement.
 */
const OPEN_CYCLE = '(SELECT cycle_id FROM portal_cycle)';

const DERIVE_COLUMNS = `a.user_id AS id, a.answers, ${keptBasisSql('a')} AS kept_basis, a.api_version`;

/**
 * An instant as whole milliseconds since the epoch (what the API shows: an ISO instant to the millisecond), a float8
 * that pg reads with parseFloat. Read as a timestamptz, pg parses each with postgres-date's regular expression: two a
 * row, 0.15 ms of a page of 100 in the server (docs/performance/api-v1.md, 2026-11-30 evening).
 */
const epochMs = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * The columns of a page row; `param` numbers the view check's two values among the statement's. Without a check
 * (a call that only asks whether the token may see the application), no view.
 */
const pageColumns = (param: (value: unknown) => string, check: ViewCheck | undefined) =>
  `a.user_id AS id, COALESCE(a.cycle_id, ${OPEN_CYCLE}) AS cycle, ${epochMs('a.submitted_at')} AS submitted_ms,
  ${epochMs('a.api_updated_at')} AS updated_ms, a.withdrawn,
  ${
    check
      ? `CASE WHEN v.version = a.api_version AND v.basis = ${param(check.basis)}
    AND v.fresh_until > ${param(check.now)}::timestamptz THEN v.view::text END`
      : 'NULL::text'
  } AS view`;

/** Kept in the row by application_withdrawals' triggers (migration 146): no probe of that table a row. */
const STATE_SQL: Record<NonNullable<ApiV1ListQuery['state']>, string> = {
  withdrawn: 'a.withdrawn',
  submitted: 'a.submitted_at IS NOT NULL AND NOT a.withdrawn',
  in_progress: 'a.submitted_at IS NULL AND NOT a.withdrawn',
};

export interface PageRequest {
  filters: Pick<ApiV1ListQuery, 'cycle' | 'program' | 'state' | 'updated_since'>;
  /** The programs the token is limited to; null for every program. */
  programs: readonly string[] | null;
  /** The id the page starts after (the cursor's), or null for the first page. */
  after: string | null;
  limit: number;
}

/** The token the page's own statement checks live, at the call's instant (api-tokens takeTokenCheck). */
export interface TokenLiveCheck {
  tokenId: string;
  now: Date;
}

/**
 * One page of applications in id order: a keyset on the primary key, so a page is an indexed read however many
 * applications there are and however they change between pages. With `updated_since`, the planner may read
 * applications_api_updated instead (142-api-v1.sql), whichever selects fewer rows. One more row than asked for
 * says whether there is a next page. Each row's stored view comes in the same statement, by its primary key, and so
 * does the call's audit row (its detail gains `rows`, how many the page shows): the page and
 * its audit row commit together, in one round trip. With `token`, the same statement checks that token live first:
 * when it is not, nothing is read or audited and the answer is `tokenLive: false`.
 */
export async function applicationsPage(
  db: Queryable,
  page: PageRequest,
  check: ViewCheck,
  audit: AuditEntry,
  token?: TokenLiveCheck,
): Promise<{ rows: PageRow[]; tokenLive: boolean }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const columns = pageColumns(param, check);
  if (token) where.push('(SELECT ok FROM live)');
  if (page.after) where.push(`a.user_id > ${param(page.after)}::uuid`);
  if (page.filters.updated_since) where.push(`a.api_updated_at >= ${param(page.filters.updated_since)}::timestamptz`);
  if (page.filters.cycle) where.push(`COALESCE(a.cycle_id, ${OPEN_CYCLE}) = ${param(page.filters.cycle)}`);
  if (page.filters.program) where.push(`a.answers->>'applied_major' = ${param(page.filters.program)}`);
  if (page.programs) where.push(`a.answers->>'applied_major' = ANY (${param(page.programs)}::text[])`);
  if (page.filters.state) where.push(STATE_SQL[page.filters.state]);
  // The page's rows are chosen by a statement of the applications alone, so it is planned as the bare read of the page
  // is (the index that selects fewer rows); only the chosen rows then look up their views.
  const select = `SELECT ${columns} FROM (
       SELECT a.user_id, a.cycle_id, a.submitted_at, a.api_updated_at, a.api_version, a.withdrawn FROM applications a
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY a.user_id LIMIT ${page.limit + 1}) a
     LEFT JOIN application_api_views v ON v.user_id = a.user_id ORDER BY a.user_id`;
  const live = token ? `live AS (SELECT ${tokenLiveSql(param, token.tokenId, token.now)} AS ok), ` : '';
  // An empty page is audited too (one row from the aggregate), but nothing is for a token found no longer live.
  const auditRow = `, audit AS (${auditRowSql(param, audit, `jsonb_build_object('rows', LEAST(count(page.id), ${page.limit}))`)}
       FROM ${token ? 'live LEFT JOIN page ON true WHERE live.ok GROUP BY live.ok' : 'page'})`;
  // The page's rows are put in order here, not by the statement: PostgreSQL's sort of them copied every view (about
  // 170 KB a page) into its sort memory, 0.05 to 0.09 ms a call; here the rows, which come in order, cost 100
  // comparisons.
  const { rows } = await db.query<PageRow & { token_live: boolean }>(
    token
      ? `WITH ${live}page AS (${select})${auditRow}
         SELECT live.ok AS token_live, page.* FROM live LEFT JOIN page ON true`
      : `WITH page AS (${select})${auditRow} SELECT page.*, true AS token_live FROM page`,
    params,
  );
  const tokenLive = token ? rows[0]?.token_live === true : true;
  // The one row of a token not live, or of an empty page checked, has no application.
  // Each row keeps its token_live column (not copied out: a copy of each row was 1% of the server's time a call).
  const found: PageRow[] = rows.filter((r) => r.id !== null);
  // Ids in their text form sort as PostgreSQL sorts uuids (lower-case hex, dashes at fixed places).
  return { rows: found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), tokenLive };
}

/** One application, or undefined when there is none or the token's programs leave it out (the same 404 for both). */
export async function applicationRow(
  db: Queryable,
  id: string,
  programs: readonly string[] | null,
  check?: ViewCheck,
): Promise<PageRow | undefined> {
  const params: unknown[] = [id];
  const param = (value: unknown) => `$${params.push(value)}`;
  const columns = pageColumns(param, check);
  const { rows } = await db.query<PageRow & { program: string | null }>(
    `SELECT ${columns}, a.answers->>'applied_major' AS program
     FROM applications a ${check ? 'LEFT JOIN application_api_views v ON v.user_id = a.user_id ' : ''}WHERE a.user_id = $1`,
    params,
  );
  const row = rows[0];
  if (!row) return undefined;
  if (programs && !programs.includes(row.program ?? '')) return undefined;
  const { program: _program, ...pageRow } = row;
  return pageRow;
}

/** The rows the views of these applications are derived from (any order; an application gone is left out). */
export async function rowsToDerive(db: Queryable, ids: readonly string[]): Promise<ApplicationRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ApplicationRow>(
    `SELECT ${DERIVE_COLUMNS} FROM applications a WHERE a.user_id = ANY ($1::uuid[])`,
    [ids],
  );
  return rows;
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
