import {
  ALL_CYCLES,
  FEE_FILTERS,
  STAFF_WEB_STATUSES,
  type MessageCategory,
  type MessageSegment,
  type SuppressionReason,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import { filterOf, freshenConsoleIndex, LIST_SOURCE, loadStages, type Filter, type ListFilters } from '../staff';

/**
 * Whom a message goes to (issue 46, decision 066): the console list's own filters (filterOf, the code that answers
 * GET /api/staff/applications), each a value or a list, so the office's count and the list agree. On top of the
 * list's conditions a segment is narrowed to the writer's programs (`programs`, kept on the message), and a
 * decision filter counts released decisions only: no provisional decision chooses a recipient.
 *
 * Withdrawn applicants are in what a segment reaches (as in the list), and suppressed (reason `withdrawn`) unless
 * the segment has `include_withdrawn`. The other suppressions: an address a message of ours could not be
 * delivered to (`bounced`, below), and for news an account in news_unsubscribes (`unsubscribed`).
 */
export interface SegmentTarget {
  segment: MessageSegment;
  category: MessageCategory;
  /** The writer's program limit (the message's `programs`); null for every program. */
  programs: readonly string[] | null;
}

/** One application a segment reaches, with why it is suppressed (null: it would receive the message). */
export interface SegmentRow {
  user_id: string;
  /** The account's (COALESCE(application_of, id)): a further application of the same person has its own row. */
  person_id: string;
  email: string;
  first_name: string;
  last_name: string;
  preferred_name: string;
  program: string;
  entry_term: string;
  /** The labels a submitted application kept (null: the tenant's labels apply). */
  kept_program_label: string | null;
  kept_term_label: string | null;
  submitted: boolean;
  withdrawn: boolean;
  bounced: boolean;
  unsubscribed: boolean;
  suppressed_reason: SuppressionReason | null;
}

export interface SegmentApplications {
  /** Every application the segment reaches, suppressed ones included. */
  total: number;
  suppressed: number;
  /** total less suppressed: what the send's confirm_count must equal. */
  estimated: number;
  /** The first `limit` rows, in the list's order by name (all of them without a limit). */
  rows: SegmentRow[];
}

/** Decision states a segment may name: a provisional or scheduled decision is the office's own, not the applicant's. */
const TARGETABLE_DECISION_STATES = ['released', 'viewed', 'accepted', 'declined', 'withdrawn'] as const;

const list = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T];

function invalid(message: string): never {
  throw new AppError('MESSAGE_SEGMENT_INVALID', { message });
}

/**
 * Checks every value of a segment against the tenant (programs, terms, decision codes), the stages and the
 * list's enums: an unknown one is a 400 MESSAGE_SEGMENT_INVALID naming it. A program or term no longer in the
 * tenant file is known while an application still has it (a withdrawn program's applicants can be written to).
 * A program outside the writer's limit is refused the same way.
 */
export async function validateSegment(
  deps: Pick<AppDeps, 'config' | 'db'>,
  segment: MessageSegment,
  programs: readonly string[] | null,
  db: Queryable = deps.db,
): Promise<void> {
  const tenant = deps.config.tenant;
  const unknownOf = (field: string, values: readonly string[], known: Iterable<string>) => {
    const set = new Set(known);
    const bad = values.find((v) => !set.has(v));
    if (bad !== undefined) invalid(`The group names a ${field} that does not exist: ${bad}.`);
  };
  const inIndex = async (column: 'program' | 'entry_term', values: readonly string[], known: Set<string>) => {
    const rest = values.filter((v) => !known.has(v));
    if (rest.length === 0) return known;
    const { rows } = await db.query<{ v: string }>(
      `SELECT DISTINCT ${column} AS v FROM ${LIST_SOURCE} WHERE ${column} = ANY ($1::text[])`,
      [rest],
    );
    return new Set([...known, ...rows.map((r) => r.v)]);
  };
  const programValues = list(segment.program);
  unknownOf(
    'program',
    programValues,
    await inIndex('program', programValues, new Set(tenant.programs.map((p) => p.code))),
  );
  if (programs !== null) {
    const outside = programValues.find((p) => !programs.includes(p));
    if (outside !== undefined) invalid(`The group names a program outside your programs: ${outside}.`);
  }
  const termValues = list(segment.term);
  unknownOf('term', termValues, await inIndex('entry_term', termValues, new Set(tenant.terms.map((t) => t.id))));
  unknownOf('status', list(segment.status), STAFF_WEB_STATUSES);
  unknownOf('fee state', list(segment.fee), FEE_FILTERS);
  unknownOf(
    'decision',
    list(segment.decision),
    tenant.decisions.codes.map((c) => c.code),
  );
  for (const state of list(segment.decision_state)) {
    if (state === 'provisional' || state === 'scheduled')
      invalid(`A message cannot go by a decision not yet released (decision state ${state}).`);
  }
  unknownOf('decision state', list(segment.decision_state), TARGETABLE_DECISION_STATES);
  const stageValues = list(segment.stage);
  if (stageValues.length)
    unknownOf(
      'stage',
      stageValues,
      (await loadStages(db)).map((s) => s.id),
    );
  const cycle = segment.cycle;
  if (cycle !== undefined && cycle !== ALL_CYCLES && cycle !== tenant.cycle.id) {
    const { rows } = await db.query('SELECT 1 FROM cycle_history WHERE cycle_id = $1', [cycle]);
    if (rows.length === 0) invalid(`The group names a cycle that does not exist: ${cycle}.`);
  }
}

/**
 * The segment's WHERE clause over the console's index: the list's own (filterOf) with the segment's values and the
 * writer's programs, and the decision filter on released decisions only. Validate the segment first.
 */
export function segmentFilter(deps: Pick<AppDeps, 'config'>, target: SegmentTarget, now: Date): Filter {
  const { decision, include_withdrawn: _withdrawn, ...filters } = target.segment;
  // validateSegment has checked the fee states against FEE_FILTERS.
  const listFilters: ListFilters = { ...filters, fee: filters.fee as ListFilters['fee'] };
  const filter = filterOf(listFilters, target.programs, deps.config.tenant.cycle.id, undefined, now);
  const codes = list(decision);
  if (codes.length === 0) return filter;
  // Not the index's `decision` column: it shows a provisional decision while there is one (decision 051).
  const params = [...filter.params, [...new Set(codes)]];
  const released = `EXISTS (SELECT 1 FROM decisions d WHERE d.user_id = ${LIST_SOURCE}.user_id
    AND d.status = 'released' AND d.code = ANY ($${params.length}::text[]))`;
  return { where: filter.where ? `${filter.where} AND ${released}` : `WHERE ${released}`, params };
}

/**
 * The statement that selects the segment's applications with their suppression, in the list's order by name:
 * the columns of SegmentRow. `$n` parameters follow the filter's; the caller may append LIMIT/OFFSET. The sending
 * side can use it as the source of an INSERT … SELECT that fixes the recipient list in one statement.
 *
 * Bounced: the applications feature records no bounce of an applicant's own address (only a recommender's, on the
 * letter request, decision 054), so an address is bounced when a message of ours to this application at this same
 * address ended `failed` (the relay refused it for good: the sending side marks that row).
 */
export function segmentSql(deps: Pick<AppDeps, 'config'>, target: SegmentTarget, now: Date): Filter {
  const filter = segmentFilter(deps, target, now);
  const params = [...filter.params];
  const withdrawnSuppressed = target.segment.include_withdrawn !== true;
  const news = target.category === 'news';
  const sql = `
    SELECT s.*,
      CASE WHEN s.bounced THEN 'bounced'
           WHEN s.withdrawn AND ${withdrawnSuppressed} THEN 'withdrawn'
           WHEN s.unsubscribed AND ${news} THEN 'unsubscribed' END AS suppressed_reason
    FROM (
      SELECT i.user_id, i.person_id, i.email, i.first_name, i.last_name, i.preferred_name, i.program, i.entry_term,
        i.kept_program_label, i.kept_term_label, i.submitted_at IS NOT NULL AS submitted, i.sort_name,
        (i.decision_state = 'withdrawn' OR EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = i.user_id))
          AS withdrawn,
        EXISTS (SELECT 1 FROM staff_message_recipients r WHERE r.user_id = i.user_id AND r.state = 'failed'
          AND lower(r.email) = lower(i.email)) AS bounced,
        EXISTS (SELECT 1 FROM news_unsubscribes n WHERE n.account_id = i.person_id) AS unsubscribed
      FROM ${LIST_SOURCE} i
      WHERE i.user_id IN (SELECT user_id FROM ${LIST_SOURCE} ${filter.where})
    ) s`;
  return { where: sql, params };
}

/** Why a row of a segment is suppressed, by the same rule as segmentSql's (null: it would receive the message). */
export function suppressionOf(
  row: Pick<SegmentRow, 'bounced' | 'withdrawn' | 'unsubscribed'>,
  target: Pick<SegmentTarget, 'category'> & { segment: Pick<MessageSegment, 'include_withdrawn'> },
): SuppressionReason | null {
  if (row.bounced) return 'bounced';
  if (row.withdrawn && target.segment.include_withdrawn !== true) return 'withdrawn';
  if (row.unsubscribed && target.category === 'news') return 'unsubscribed';
  return null;
}

type DbSegmentRow = Omit<SegmentRow, 'suppressed_reason'> & { suppressed_reason: SuppressionReason | null };

/**
 * The applications a segment reaches now: validated (400 on an unknown value), freshened as the list's CSV is, and
 * counted with their suppressions; `limit` rows in the list's order by name (all without it), or only the ones in
 * `applicationIds`. `db` reads inside the caller's transaction (freshen first: `fresh: true` skips it).
 */
export async function segmentApplications(
  deps: AppDeps,
  ctx: FormContext,
  target: SegmentTarget,
  options: { limit?: number; applicationIds?: readonly string[]; db?: Queryable; fresh?: boolean } = {},
): Promise<SegmentApplications> {
  const db = options.db ?? deps.db;
  await validateSegment(deps, target.segment, target.programs, db);
  if (!options.fresh) await freshenConsoleIndex(deps, ctx);
  const { where: sql, params } = segmentSql(deps, target, deps.clock.now());
  const only = options.applicationIds ? `WHERE t.user_id = ANY ($${params.length + 1}::uuid[])` : '';
  const limit = options.limit === undefined ? '' : `LIMIT ${Math.max(0, Math.floor(options.limit))}`;
  const rowParams = options.applicationIds ? [...params, options.applicationIds] : params;
  const [counted, page] = await Promise.all([
    db.query<{ total: number; suppressed: number }>(
      `SELECT count(*)::int AS total, count(t.suppressed_reason)::int AS suppressed FROM (${sql}) t`,
      params,
    ),
    db.query<DbSegmentRow & { sort_name: string }>(
      `SELECT * FROM (${sql}) t ${only} ORDER BY t.sort_name COLLATE "C", t.user_id ${limit}`,
      rowParams,
    ),
  ]);
  const total = counted.rows[0]?.total ?? 0;
  const suppressed = counted.rows[0]?.suppressed ?? 0;
  return {
    total,
    suppressed,
    estimated: total - suppressed,
    rows: page.rows.map(({ sort_name: _s, ...r }) => ({ ...r, suppressed_reason: r.suppressed_reason ?? null })),
  };
}
