import {
  APPLIED_MAJORS,
  ENTRY_TERMS,
  optionLabel,
  STAFF_LIST_COUNT_CAP,
  STAFF_LIST_PAGE_SIZE,
  type StaffListQuery,
  type StaffListRow,
  type StaffListSort,
  type DecisionState,
} from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { searchable } from './console-index';

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
};

export interface Filter {
  where: string;
  params: unknown[];
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
export function filterOf(query: Omit<StaffListQuery, 'sort' | 'dir' | 'page'>): Filter {
  const conditions: string[] = [];
  const params: unknown[] = [];
  for (const word of searchable(query.q ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 5)) {
    params.push(likePattern(word));
    conditions.push(`search_text LIKE $${params.length}`);
  }
  if (query.status) {
    params.push(query.status);
    conditions.push(`web_status = $${params.length}`);
  }
  if (query.program) {
    params.push(query.program);
    conditions.push(`program = $${params.length}`);
  }
  if (query.term) {
    params.push(query.term);
    conditions.push(`entry_term = $${params.length}`);
  }
  if (query.decision) {
    params.push(query.decision);
    conditions.push(`decision = $${params.length}`);
  }
  if (query.decision_state) {
    params.push(query.decision_state);
    conditions.push(`decision_state = $${params.length}`);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

interface DbRow {
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
  missing_count: number;
  decision?: string | null;
  decision_state?: DecisionState | null;
}

const COLUMNS = `user_id, email, first_name, last_name, preferred_name, program, entry_term, web_status, last_change,
  submitted_at, missing_count, decision, decision_state`;

/** The index with each application's decision and its state (a view, migrations/090-decisions.sql). */
export const LIST_SOURCE = 'staff_application_index LEFT JOIN application_decision_state USING (user_id)';

/** Decision labels by code, from the tenant: the list shows the label, filters and exports the code too. */
export type DecisionLabels = ReadonlyMap<string, string>;

export function toListRow(r: DbRow, labels: DecisionLabels = new Map()): StaffListRow {
  return {
    user_id: r.user_id,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    preferred_name: r.preferred_name,
    program: r.program,
    program_label: r.program ? optionLabel(APPLIED_MAJORS, r.program) || r.program : '',
    entry_term: r.entry_term,
    entry_term_label: r.entry_term ? optionLabel(ENTRY_TERMS, r.entry_term) || r.entry_term : '',
    web_status: r.web_status,
    last_change: new Date(r.last_change).toISOString(),
    submitted_at: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
    missing_count: r.missing_count,
    decision: r.decision ?? '',
    decision_label: r.decision ? (labels.get(r.decision) ?? r.decision) : '',
    decision_state: r.decision_state ?? null,
  };
}

export function orderByOf(query: Pick<StaffListQuery, 'sort' | 'dir'>): string {
  return ORDER_BY[query.sort](query.dir === 'asc' ? 'ASC' : 'DESC');
}

/** One page of the list and the number of matches (counted up to the cap). */
export async function listApplications(db: Queryable, query: StaffListQuery, labels?: DecisionLabels) {
  const { where, params } = filterOf(query);
  const offset = (query.page - 1) * STAFF_LIST_PAGE_SIZE;
  const [page, count] = await Promise.all([
    db.query<DbRow>(
      `SELECT ${COLUMNS} FROM ${LIST_SOURCE} ${where} ORDER BY ${orderByOf(query)}
       LIMIT ${STAFF_LIST_PAGE_SIZE} OFFSET ${offset}`,
      params,
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${LIST_SOURCE} ${where} LIMIT ${STAFF_LIST_COUNT_CAP + 1}) t`,
      params,
    ),
  ]);
  const n = count.rows[0]?.n ?? 0;
  return {
    rows: page.rows.map((r) => toListRow(r, labels)),
    page: query.page,
    page_size: STAFF_LIST_PAGE_SIZE,
    total: Math.min(n, STAFF_LIST_COUNT_CAP),
    total_capped: n > STAFF_LIST_COUNT_CAP,
  };
}

/** Every matching row in list order, a chunk at a time (keyset would need one per sort; offsets are fine for an export). */
export async function* allMatchingRows(
  db: Queryable,
  query: StaffListQuery,
  labels?: DecisionLabels,
  chunk = 2000,
): AsyncGenerator<StaffListRow> {
  const { where, params } = filterOf(query);
  for (let offset = 0; ; offset += chunk) {
    const { rows } = await db.query<DbRow>(
      `SELECT ${COLUMNS} FROM ${LIST_SOURCE} ${where} ORDER BY ${orderByOf(query)} LIMIT ${chunk} OFFSET ${offset}`,
      params,
    );
    for (const r of rows) yield toListRow(r, labels);
    if (rows.length < chunk) return;
  }
}
