import { createHash } from 'node:crypto';
import type { ApiV1Decision } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import type { Queryable } from '../../infra/db/db';
import { rowsToDerive, type PageRow, type ViewCheck } from './application-rows';
import { applicationJsonParts, deriveViews, releasedDecisions } from './application-view';

/**
 * The read API's stored views (decision 069, migration 144). Raised whenever what deriveViews makes of the same
 * application changes with the code (a field added, a rule of the checklist changed): every view written before is
 * then of another basis, not current, and written again by the refresher.
 */
export const API_VIEW_CODE = 1;

const bases = new WeakMap<object, string>();

/** The basis of the views this process reads and writes: the tenant file as loaded, and API_VIEW_CODE. */
export function viewBasisOf(config: Pick<AppDeps['config'], 'tenant'>): string {
  let basis = bases.get(config.tenant);
  if (basis === undefined) {
    const digest = createHash('sha256').update(JSON.stringify(config.tenant)).digest('base64url').slice(0, 22);
    bases.set(config.tenant, (basis = `${API_VIEW_CODE}:${digest}`));
  }
  return basis;
}

/** The check a page's statement makes of each stored view: this basis, and current at this instant. */
export const viewCheckOf = (deps: Pick<AppDeps, 'config'>, now: Date): ViewCheck => ({
  basis: viewBasisOf(deps.config),
  now,
});

/**
 * These page rows as the API sends them, JSON text each (in pieces: applicationJsonParts), in their order. A row
 * whose stored view is current is its view as stored; the others (changed since the refresher last passed, or never
 * seen by it) are derived here as the refresher would, and only read: the call writes no view. The released
 * decisions, for a token with decisions:read, are read at the call, never stored.
 */
export async function applicationTexts(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db'>,
  ctx: FormContext,
  rows: readonly PageRow[],
  withDecisions: boolean,
): Promise<(readonly string[])[]> {
  if (rows.length === 0) return [];
  const missing = rows.filter((r) => r.view === null).map((r) => r.id);
  const [derived, decisions] = await Promise.all([
    missing.length > 0
      ? rowsToDerive(deps.db, missing).then((toDerive) => deriveViews(deps, ctx, toDerive, deps.db))
      : undefined,
    withDecisions
      ? releasedDecisions(
          deps.db,
          deps.config.tenant,
          rows.map((r) => r.id),
        )
      : undefined,
  ]);
  return rows.map((row) => {
    // An application deleted between the page's read and its derivation: shown as it was read, with nothing more.
    const view = row.view ?? derived?.get(row.id)?.json ?? EMPTY_VIEW;
    const decision: ApiV1Decision | null | undefined = decisions ? (decisions.get(row.id) ?? null) : undefined;
    return applicationJsonParts(row, view, decision);
  });
}

const EMPTY_VIEW = JSON.stringify({ program: '', term: '', answers: {}, checklist: [], external_ids: {} });

/** Applications whose views one pass derives and writes: about 100 ms of one core, then one write statement. */
export const VIEWS_PER_PASS = 200;

const WRITE_SQL = `
  WITH x AS (
    SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[], $4::text[]) AS x (user_id, version, fresh_until, view)),
  old AS (
    SELECT v.user_id, v.version, v.basis, v.fresh_until, v.view::text AS view FROM application_api_views v
    WHERE v.user_id = ANY ($1::uuid[])),
  written AS (
    INSERT INTO application_api_views (user_id, version, basis, fresh_until, view, derived_at)
    SELECT x.user_id, x.version, $5, x.fresh_until, x.view::json, $6 FROM x
    WHERE EXISTS (SELECT 1 FROM applications a WHERE a.user_id = x.user_id)
    ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version, basis = EXCLUDED.basis,
      fresh_until = EXCLUDED.fresh_until, view = EXCLUDED.view, derived_at = EXCLUDED.derived_at
    WHERE application_api_views.version < EXCLUDED.version OR (application_api_views.version = EXCLUDED.version
      AND (application_api_views.basis <> EXCLUDED.basis OR application_api_views.derived_at <= EXCLUDED.derived_at))
    RETURNING user_id),
  by_time AS (
    SELECT x.user_id FROM x JOIN old o ON o.user_id = x.user_id JOIN written w ON w.user_id = x.user_id
    WHERE o.basis = $5 AND o.view <> x.view AND (o.version = x.version OR o.fresh_until <= $6))
  UPDATE applications a SET
    api_view_stale = CASE WHEN a.api_version = x.version THEN false ELSE a.api_view_stale END,
    api_updated_at = CASE WHEN x.user_id IN (SELECT user_id FROM by_time) THEN GREATEST(a.api_updated_at, $6)
      ELSE a.api_updated_at END
  FROM x
  WHERE a.user_id = x.user_id
    AND ((a.api_version = x.version AND a.api_view_stale) OR x.user_id IN (SELECT user_id FROM by_time))`;

/**
 * One pass of the refresher: the applications whose view is to be written (changed since, by the index of
 * migration 144; past their `fresh_until`; or of another basis, looked for until none is left in this process), at
 * most VIEWS_PER_PASS, derived and written with their versions. Returns how many it wrote.
 *
 * A view written again under the same basis that reads otherwise, for the same version or once its time had come,
 * changed with time alone: a letter request lapsed, a fee fell due, a date rule moved with the day. Its application's
 * api_updated_at moves to the pass's instant, so `updated_since` returns it (issue 45: what changed, the checklist
 * included); one that reads the same moves nothing, and so does one this pass did not write (a later derivation of
 * another process's was kept: of a later version, or of the same version and basis derived later; a view of another
 * basis is always replaced, so the sweep ends whatever the clock did). A change with time that falls
 * while every view is written again under a new basis (a configuration change) is not told apart from it.
 *
 * Passes of two processes at once may derive the same application; a view never replaces one of a later version,
 * and the mark is cleared only where the version written is still the application's, so a change that lands during
 * a pass leaves it marked for the next. A pass locks applications' rows only in its one write statement (those it
 * clears or moves), so an applicant's save waits at most for that statement.
 */
export async function refreshApiViews(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db'>,
  ctx: FormContext,
  sweep: { otherBasisLeft: boolean },
  limit = VIEWS_PER_PASS,
): Promise<number> {
  const now = deps.clock.now();
  const basis = viewBasisOf(deps.config);
  const ids = await idsToRefresh(deps.db, basis, now, sweep, limit);
  if (ids.length === 0) return 0;
  // The versions first, then everything the views are made of (deriveViews reads after this statement).
  const rows = await rowsToDerive(deps.db, ids);
  const views = await deriveViews(deps, ctx, rows, deps.db);
  const written = rows.filter((r) => views.has(r.id));
  await deps.db.query(WRITE_SQL, [
    written.map((r) => r.id),
    written.map((r) => r.api_version),
    written.map((r) => views.get(r.id)!.freshUntil),
    written.map((r) => views.get(r.id)!.json),
    basis,
    now,
  ]);
  return written.length;
}

async function idsToRefresh(
  db: Queryable,
  basis: string,
  now: Date,
  sweep: { otherBasisLeft: boolean },
  limit: number,
): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `(SELECT user_id FROM applications WHERE api_view_stale ORDER BY user_id LIMIT $1)
     UNION (SELECT user_id FROM application_api_views WHERE fresh_until <= $2::timestamptz ORDER BY fresh_until LIMIT $1)`,
    [limit, now],
  );
  const ids = new Set(rows.map((r) => r.user_id));
  if (ids.size < limit && sweep.otherBasisLeft) {
    // Views of another configuration (a new cycle, a new fee, a code change): a scan of the views, made until it
    // finds none; this process writes only views of its own basis after that.
    const { rows: other } = await db.query<{ user_id: string }>(
      'SELECT user_id FROM application_api_views WHERE basis <> $1 LIMIT $2',
      [basis, limit - ids.size],
    );
    if (other.length === 0) sweep.otherBasisLeft = false;
    for (const r of other) ids.add(r.user_id);
  }
  return [...ids].slice(0, limit);
}

/**
 * The periodic job (serve.ts): passes until every view is written, or for at most `budgetMs` (the next run goes on),
 * yielding to the event loop between passes so the calls being answered are not held up by a large catch-up (a new
 * configuration makes every view old at once).
 */
export function apiViewRefresher(deps: Pick<AppDeps, 'clock' | 'config' | 'db'>, ctx: FormContext, budgetMs = 4000) {
  const sweep = { otherBasisLeft: true };
  return async (): Promise<void> => {
    const until = performance.now() + budgetMs;
    while (performance.now() < until) {
      if ((await refreshApiViews(deps, ctx, sweep)) < VIEWS_PER_PASS) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
}
