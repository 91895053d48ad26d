import {
  ALL_CYCLES,
  programLabelOf,
  termLabelOf,
  STAFF_LIST_COUNT_CAP,
  STAFF_LIST_PAGE_SIZE,
  type StaffListQuery,
  type StaffListResponse,
  type StaffListRow,
  type StaffListSort,
  type ProgramsTenant,
  type DecisionState,
  type FeeState,
  type FeeFilter,
} from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { INDEX_BEHIND_SQL } from './console-index';
import { searchWords } from './search-fold';
import type { ListContext } from './stages-repository';
import { isUuid } from '../../http/is-uuid';
import { PAGE_KEYS, withApplicationsByPerson } from './applications-by-person';

/** Each sort names an indexed expression where one exists (migrations/020-staff.sql). */
const ORDER_BY: Record<StaffListSort, (dir: string) => string> = {
  name: (d) => `sort_name COLLATE "C" ${d}, user_id ${d}`,
  email: (d) => `lower(email) COLLATE "C" ${d}, user_id ${d}`,
  program: (d) => `program ${d}, last_change DESC, user_id ${d}`,
  entry_term: (d) => `entry_term ${d}, last_change DESC, user_id ${d}`,
  web_status: (d) =>
    `array_position(ARRAY['none','started','validating','submitted'], web_status) ${d}, last_change DESC, user_id ${d}`,
  last_change: (d) => `last_change ${d}, user_id ${d}`,
  submitted_at: (d) => `submitted_at ${d} NULLS LAST, user_id ${d}`,
  missing_count: (d) => `missing_count ${d}, last_change DESC, user_id ${d}`,
  stage: (d) => `stage ${d} NULLS LAST, stage_entered_at ${d}, user_id ${d}`,
  overall_score: (d) => `overall_score ${d} NULLS LAST, user_id ${d}`,
  review_count: (d) => `review_count ${d}, user_id ${d}`,
};

type ListTenant = Pick<ProgramsTenant, 'programs' | 'terms' | 'cycle'>;

export interface Filter {
  where: string;
  params: unknown[];
}

type OneOrMany<T> = T | readonly T[];

/**
 * The list's filters (its query string without the page and the sort), each a value or, for a message's segment
 * (issue 46, decision 066), a list of values: one value is the same condition as the list's own.
 */
export interface ListFilters {
  q?: string;
  status?: OneOrMany<string>;
  program?: OneOrMany<string>;
  term?: OneOrMany<string>;
  stage?: OneOrMany<string>;
  complete?: OneOrMany<'yes' | 'no'>;
  decision?: OneOrMany<string>;
  decision_state?: OneOrMany<string>;
  fee?: OneOrMany<FeeFilter>;
  cycle?: string;
}

/** A filter asked for: an empty value (`?program=`) is none, as it always was. */
const asked = <T>(value: OneOrMany<T> | undefined): value is OneOrMany<T> => value !== undefined && value !== '';

const valuesOf = <T>(value: OneOrMany<T> | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T];

/** `column = $n` for one value (as the list always wrote it, so its indexes serve), `= ANY` for several. */
function equalsAny(column: string, value: OneOrMany<string>, params: unknown[]): string {
  const values = [...new Set(valuesOf(value))];
  if (values.length === 0) return 'false';
  if (values.length === 1) {
    params.push(values[0]);
    return `${column} = $${params.length}`;
  }
  params.push(values);
  return `${column} = ANY ($${params.length}::text[])`;
}

/** LIKE's own wildcards in a search term are searched for literally. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Only the conditions that are set go into the statement, so the planner
 * sees each as it is and picks the trigram or the b-tree index (a
 * "$1 IS NULL OR …" form would hide both behind a generic plan).
 */
export function filterOf(
  query: ListFilters,
  programs: readonly string[] | null = null,
  currentCycle?: string,
  /** The member's own account: its applications, of any cycle, are a colleague's to see (issue 48, item 9). */
  ownAccount?: string,
  /** The clock the fee filter judges `overdue` by (issue 43). */
  now: Date = new Date(),
): Filter {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (ownAccount && isUuid(ownAccount)) {
    params.push(ownAccount);
    const me = `$${params.length}::uuid`;
    conditions.push(`user_id <> ${me} AND user_id NOT IN (SELECT id FROM users WHERE application_of = ${me})`);
  }
  // A member limited to programs sees only their applications (decision 039).
  if (programs !== null) {
    params.push(programs);
    conditions.push(`program = ANY ($${params.length}::text[])`);
  }
  // Each word of the term is looked for under each of its spellings (search-fold.ts).
  for (const spellings of searchWords(query.q ?? '').slice(0, 5)) {
    const likes = spellings.map((spelling) => {
      params.push(likePattern(spelling));
      return `search_text LIKE $${params.length}`;
    });
    conditions.push(likes.length === 1 ? likes[0]! : `(${likes.join(' OR ')})`);
  }
  if (asked(query.status)) conditions.push(equalsAny('web_status', query.status, params));
  if (asked(query.program)) conditions.push(equalsAny('program', query.program, params));
  if (asked(query.term)) conditions.push(equalsAny('entry_term', query.term, params));
  if (asked(query.stage)) conditions.push(equalsAny('stage', query.stage, params));
  const complete = new Set(asked(query.complete) ? valuesOf(query.complete) : []);
  // Both asked for is no condition at all.
  if (complete.size === 1) conditions.push(complete.has('yes') ? 'complete' : 'NOT complete');
  if (asked(query.decision)) conditions.push(equalsAny('decision', query.decision, params));
  if (asked(query.decision_state)) conditions.push(equalsAny('decision_state', query.decision_state, params));
  if (asked(query.fee)) {
    const fees = [...new Set(valuesOf(query.fee))].map((fee) => feeCondition(fee, params, now));
    conditions.push(fees.length === 0 ? 'false' : fees.length === 1 ? fees[0]! : `(${fees.join(' OR ')})`);
  }
  // Without a cycle asked for, the office sees the current cycle's applications.
  const cycle = query.cycle ?? currentCycle;
  if (cycle && cycle !== ALL_CYCLES) {
    params.push(cycle);
    conditions.push(`cycle_id = $${params.length}`);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/**
 * The fee filter (issue 43): the index keeps a fee's state without time (fee-state-copy.ts), so `overdue` is an
 * unpaid fee whose due date has passed by the clock, and `due` one whose due date has not.
 */
function feeCondition(fee: FeeFilter, params: unknown[], now: Date): string {
  if (fee === 'paid' || fee === 'waived' || fee === 'waiver_pending') {
    params.push(fee);
    return `fee_state = $${params.length}`;
  }
  params.push(now);
  const at = `$${params.length}::timestamptz`;
  if (fee === 'due') return `fee_state = 'due' AND fee_due_at > ${at}`;
  if (fee === 'overdue') return `fee_state = 'due' AND fee_due_at <= ${at}`;
  return `deposit_state = 'due' AND deposit_due_at <= ${at}`;
}

/** A fee's state as the list shows it: an unpaid one is overdue once its due date has passed. */
function feeStateOf(state: string | null | undefined, dueAt: Date | null | undefined, now: Date): FeeState | null {
  if (!state) return null;
  if (state === 'due' && dueAt && new Date(dueAt).getTime() <= now.getTime()) return 'overdue';
  return state as FeeState;
}

interface DbRow {
  /** Only with checkIndex (listApplications). */
  index_behind?: boolean | null;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  preferred_name: string;
  program: string;
  entry_term: string;
  web_status: StaffListRow['web_status'];
  last_change: Date;
  submitted_at: Date | null;
  late: boolean;
  cycle_id: string | null;
  missing_count: number;
  stage: string | null;
  stage_entered_at: Date | null;
  overall_score: string | number | null;
  review_count: number;
  complete: boolean;
  letters_requested?: number | null;
  letters_received?: number | null;
  kept_program_label?: string | null;
  kept_term_label?: string | null;
  decision?: string | null;
  decision_state?: DecisionState | null;
  fee_state?: string | null;
  fee_due_at?: Date | null;
  deposit_state?: string | null;
  deposit_due_at?: Date | null;
  applications_by_person: number;
}

const COLUMNS = `user_id, email, first_name, last_name, preferred_name, program, entry_term, web_status, last_change,
  submitted_at, late, cycle_id, missing_count, stage, stage_entered_at, overall_score, review_count, complete,
  letters_requested, letters_received, kept_program_label, kept_term_label, decision, decision_state,
  fee_state, fee_due_at, deposit_state, deposit_due_at`;

/**
 * Blind review (decision 040): a member who neither decides nor runs the team sees an application's scores
 * only once their own review of it is submitted, as GET …/reviews shows the others' reviews. The list, its
 * sort by score and the CSV read these columns instead; ORDER BY names the output column, so the sort is
 * blind too. `$n` is the member's address.
 */
const blindColumns = (n: number) => {
  const ownSubmitted = `EXISTS (SELECT 1 FROM reviews own WHERE own.application_user_id = ${LIST_SOURCE}.user_id
    AND own.reviewer_email = $${n} AND own.status = 'submitted')`;
  return COLUMNS.replace(
    'overall_score, review_count',
    `CASE WHEN ${ownSubmitted} THEN overall_score END AS overall_score,
     CASE WHEN ${ownSubmitted} THEN review_count ELSE 0 END AS review_count`,
  );
};

/** Whose scores a member sees: every application's (null), or only where this reviewer's own review is submitted. */
export type ScoresBlindTo = string | null;

/** The columns of a list read, and its parameters, for a member who sees every score or reviews blind. */
function columnsFor(blindTo: ScoresBlindTo, params: unknown[]): { columns: string; params: unknown[] } {
  return blindTo === null
    ? { columns: COLUMNS, params }
    : { columns: blindColumns(params.length + 1), params: [...params, blindTo] };
}

/**
 * The index row carries each application's decision and its state, written with every decision change
 * (decision-state-copy.ts, decision 051), so a page reads one table through one index.
 */
export const LIST_SOURCE = 'staff_application_index';

/** Decision labels by code, from the tenant: the list shows the label, filters and exports the code too. */
export type DecisionLabels = ReadonlyMap<string, string>;

const DAY_MS = 86_400_000;

/** A row as the office sees it, with the tenant's labels of its program, term and decision. */
export function toListRow(
  tenant: ListTenant,
  r: DbRow,
  list: ListContext = { stageLabels: new Map(), now: new Date(0) },
  labels: DecisionLabels = new Map(),
): StaffListRow {
  const entered = r.stage_entered_at ? new Date(r.stage_entered_at) : null;
  return {
    user_id: r.user_id,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    preferred_name: r.preferred_name,
    program: r.program,
    // A submitted application's labels are the ones it kept (issue 41), whatever the tenant file says today.
    program_label: r.kept_program_label ?? programLabelOf(tenant, r.program),
    entry_term: r.entry_term,
    entry_term_label: r.kept_term_label ?? termLabelOf(tenant, r.entry_term),
    web_status: r.web_status,
    last_change: new Date(r.last_change).toISOString(),
    submitted_at: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
    late: r.late,
    cycle_id: r.cycle_id ?? '',
    missing_count: r.missing_count,
    stage: r.stage ?? null,
    stage_label: r.stage ? (list.stageLabels.get(r.stage) ?? r.stage) : null,
    stage_entered_at: entered ? entered.toISOString() : null,
    days_in_stage:
      r.stage && entered ? Math.max(0, Math.floor((list.now.getTime() - entered.getTime()) / DAY_MS)) : null,
    overall_score: r.overall_score == null ? null : Math.round(Number(r.overall_score) * 100) / 100,
    review_count: r.review_count ?? 0,
    complete: r.complete === true,
    letters_requested: r.letters_requested ?? 0,
    letters_received: r.letters_received ?? 0,
    decision: r.decision ?? '',
    decision_label: r.decision ? (labels.get(r.decision) ?? r.decision) : '',
    decision_state: r.decision_state ?? null,
    fee: feeStateOf(r.fee_state, r.fee_due_at, list.now),
    deposit: feeStateOf(r.deposit_state, r.deposit_due_at, list.now),
    applications_by_person: r.applications_by_person,
  };
}

export function orderByOf(query: Pick<StaffListQuery, 'sort' | 'dir'>): string {
  return ORDER_BY[query.sort](query.dir === 'asc' ? 'ASC' : 'DESC');
}

/** One page of the list and the number of matches (counted up to the cap). */
export async function listApplications(
  db: Queryable,
  tenant: ListTenant,
  query: StaffListQuery,
  programs: readonly string[] | null,
  listContext: ListContext | Promise<ListContext>,
  labels: DecisionLabels | undefined,
  blindTo: ScoresBlindTo,
  /** Also say whether the index is behind the answer history, as seen by the page's own statement. */
  checkIndex = false,
  ownAccount?: string,
  /** The clock the fee filter judges `overdue` by (the rows' own fee states read the list context's). */
  now: Date = new Date(),
): Promise<{ response: StaffListResponse; indexBehind: boolean }> {
  const filter = filterOf(query, programs, tenant.cycle.id, ownAccount, now);
  const { where } = filter;
  const { columns, params } = columnsFor(blindTo, filter.params);
  const offset = (query.page - 1) * STAFF_LIST_PAGE_SIZE;
  const behind = checkIndex ? `, ${INDEX_BEHIND_SQL} AS index_behind` : '';
  // The stage labels are read beside the page, not before it.
  const [page, count, list] = await Promise.all([
    db.query<DbRow>(
      withApplicationsByPerson(
        `SELECT ${columns}, ${PAGE_KEYS}${behind} FROM ${LIST_SOURCE} ${where} ORDER BY ${orderByOf(query)}
         LIMIT ${STAFF_LIST_PAGE_SIZE} OFFSET ${offset}`,
        orderByOf(query),
      ),
      params,
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${LIST_SOURCE} ${where} LIMIT ${STAFF_LIST_COUNT_CAP + 1}) t`,
      filter.params,
    ),
    listContext,
  ]);
  const n = count.rows[0]?.n ?? 0;
  return {
    response: {
      rows: page.rows.map((r) => toListRow(tenant, r, list, labels)),
      page: query.page,
      page_size: STAFF_LIST_PAGE_SIZE,
      total: Math.min(n, STAFF_LIST_COUNT_CAP),
      total_capped: n > STAFF_LIST_COUNT_CAP,
    },
    // An empty page carries no answer: counted as behind, so the caller checks on its own.
    indexBehind: checkIndex && page.rows[0]?.index_behind !== false,
  };
}

/** Every matching row in list order, a chunk at a time (keyset would need one per sort; offsets are fine for an export). */
export async function* allMatchingRows(
  db: Queryable,
  tenant: ListTenant,
  query: StaffListQuery,
  programs: readonly string[] | null,
  list: ListContext,
  labels: DecisionLabels | undefined,
  blindTo: ScoresBlindTo,
  ownAccount?: string,
  chunk = 2000,
): AsyncGenerator<StaffListRow> {
  const filter = filterOf(query, programs, tenant.cycle.id, ownAccount, list.now);
  const { where } = filter;
  const { columns, params } = columnsFor(blindTo, filter.params);
  for (let offset = 0; ; offset += chunk) {
    const { rows } = await db.query<DbRow>(
      withApplicationsByPerson(
        `SELECT ${columns}, ${PAGE_KEYS} FROM ${LIST_SOURCE} ${where} ORDER BY ${orderByOf(query)}
         LIMIT ${chunk} OFFSET ${offset}`,
        orderByOf(query),
      ),
      params,
    );
    for (const r of rows) yield toListRow(tenant, r, list, labels);
    if (rows.length < chunk) return;
  }
}
