import { programLabelOf, termLabelOf, type TenantConfig, type TenantExportFilter } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { filterOf, LIST_SOURCE } from '../staff';

/** One application as an export reads it: the console's row and its released decision, never a draft. */
export interface ExportSourceRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  preferred_name: string;
  program: string;
  entry_term: string;
  kept_program_label: string | null;
  kept_term_label: string | null;
  cycle_id: string | null;
  web_status: string;
  submitted_at: Date | null;
  complete: boolean;
  decision: string | null;
  released_at: Date | null;
  response: string | null;
  response_at: Date | null;
  external_ids: Record<string, string> | null;
}

const list = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T];

/**
 * The applications an export's filter selects, in name order. The program, term, cycle, status and completeness
 * are the console list's own conditions (staff's filterOf, on its index). The decision and the response are read
 * from the released decision itself, not from the index's column, which shows a draft or a scheduled release
 * first: an application whose admit is still a draft, or waits for its release, is never exported as admitted.
 * A withdrawn application is never exported.
 */
export async function exportRows(
  db: Queryable,
  tenant: Pick<TenantConfig, 'cycle'>,
  filter: TenantExportFilter,
  now: Date,
): Promise<ExportSourceRow[]> {
  const { decision, response, ...listFilters } = filter;
  const { where, params } = filterOf(listFilters, null, tenant.cycle.id, undefined, now);
  const conditions = ['NOT EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = i.user_id)'];
  const codes = list(decision);
  if (codes.length) {
    params.push(codes);
    conditions.push(`d.code = ANY ($${params.length}::text[])`);
  }
  const responses = list(response);
  if (responses.length) {
    const answered = responses.filter((r) => r !== 'none');
    const either = [];
    if (answered.length) {
      params.push(answered);
      either.push(`d.response = ANY ($${params.length}::text[])`);
    }
    if (responses.includes('none')) either.push('(d.id IS NOT NULL AND d.response IS NULL)');
    conditions.push(`(${either.join(' OR ')})`);
  }
  const { rows } = await db.query<ExportSourceRow>(
    `WITH i AS (SELECT * FROM ${LIST_SOURCE} ${where})
     SELECT i.user_id, i.email, i.first_name, i.last_name, i.preferred_name, i.program, i.entry_term,
       i.kept_program_label, i.kept_term_label, i.cycle_id, i.web_status, i.submitted_at, i.complete,
       d.code AS decision, d.released_at, d.response, d.response_at,
       (SELECT jsonb_object_agg(e.system, e.external_id) FROM application_external_ids e
        WHERE e.application_id = i.user_id) AS external_ids
     FROM i LEFT JOIN decisions d ON d.user_id = i.user_id AND d.status = 'released'
     WHERE ${conditions.join(' AND ')}
     ORDER BY i.sort_name COLLATE "C", i.user_id`,
    params,
  );
  return rows;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : '');

/** A column's value: the API's names and forms (codes, ISO 8601 instants in UTC), for a system to read. */
export function exportValue(
  tenant: Pick<TenantConfig, 'programs' | 'terms' | 'decisions'>,
  row: ExportSourceRow,
  column: string,
): string {
  if (column.startsWith('external_ids.')) return row.external_ids?.[column.slice('external_ids.'.length)] ?? '';
  switch (column) {
    case 'application_id':
      return row.user_id;
    case 'first_name':
      return row.first_name;
    case 'last_name':
      return row.last_name;
    case 'preferred_name':
      return row.preferred_name;
    case 'email':
      return row.email;
    case 'program':
      return row.program;
    // A submitted application's labels are the ones it kept (issue 41), as in the console.
    case 'program_label':
      return row.kept_program_label ?? programLabelOf(tenant, row.program);
    case 'term':
      return row.entry_term;
    case 'term_label':
      return row.kept_term_label ?? termLabelOf(tenant, row.entry_term);
    case 'cycle':
      return row.cycle_id ?? '';
    case 'web_status':
      return row.web_status;
    case 'submitted_at':
      return iso(row.submitted_at);
    case 'complete':
      return row.complete ? 'yes' : 'no';
    case 'decision':
      return row.decision ?? '';
    case 'decision_label':
      return row.decision ? (tenant.decisions.codes.find((c) => c.code === row.decision)?.label ?? row.decision) : '';
    case 'released_at':
      return iso(row.released_at);
    case 'response':
      return row.response ?? '';
    case 'response_at':
      return iso(row.response_at);
    default:
      // The tenant file's columns are checked at boot (isExportColumn): no other name reaches here.
      throw new Error(`unknown export column ${column}`);
  }
}
