import {
  choiceLabelOf,
  type ApplicationListState,
  type ApplicationSummary,
  type KeptBasis,
  type TenantConfig,
} from '@admissions/domain';
import type { FormContext } from '../../core/form-context';
import { keptBasisSql } from '../../core/kept-bases';
import type { Queryable } from '../../infra/db/db';
import { sourceDocumentsSql, type SourceDocument } from '../documents';
import { cycleRef } from './past-applications';

export interface AccountApplicationRow {
  id: string;
  /** Null: started before cycles were recorded, or not started at all (the account's own row): the open cycle's. */
  cycle_id: string | null;
  program: string | null;
  term: string | null;
  submitted_at: Date | null;
  kept_basis: KeptBasis | null;
  withdrawn: boolean;
  released: boolean;
  response: 'accept' | 'decline' | null;
  /** The released decision's code (the tenant's), to tell an offer. */
  released_code: string | null;
  /** The account's own row has an applications row (a new account's has none until its first save). */
  started: boolean;
}

const LIST_SQL = `SELECT u.id, a.cycle_id, a.answers ->> 'applied_major' AS program, a.answers ->> 'entry_term' AS term,
       a.submitted_at, ${keptBasisSql('a')} AS kept_basis, w.user_id IS NOT NULL AS withdrawn,
       r.id IS NOT NULL AS released, r.response, r.code AS released_code, a.user_id IS NOT NULL AS started
     FROM users u LEFT JOIN applications a ON a.user_id = u.id
     LEFT JOIN application_withdrawals w ON w.user_id = u.id
     LEFT JOIN decisions r ON r.user_id = u.id AND r.status = 'released'
     WHERE (u.id = $1 AND u.application_of IS NULL) OR (u.application_of = $1 AND a.user_id IS NOT NULL)
     ORDER BY coalesce(a.cycle_id = current_cycle_id(), true) DESC, a.cycle_id DESC NULLS FIRST,
       u.application_of IS NOT NULL, u.created_at, a.submitted_at NULLS LAST, u.id`;

/**
 * Every application of an account (issue 42): the open cycle's first (the account's own row, then the others in
 * the order they were started), then past cycles', newest cycle first. Only what the applicant may see: a released decision
 * and its answer, never a provisional one.
 */
export async function accountApplications(db: Queryable, accountId: string): Promise<AccountApplicationRow[]> {
  return (await db.query<AccountApplicationRow>(LIST_SQL, [accountId])).rows;
}

/** What a start needs to know of each of the account's applications: its checks read nothing more. */
export interface StartCheckRow {
  id: string;
  /** Null: started before cycles were recorded, or not started at all (the account's own row): the open cycle's. */
  cycle_id: string | null;
  program: string | null;
  /** The account's own row has an applications row (a new account's has none until its first save). */
  started: boolean;
  /** Its converted documents, on the row asked for as `documentsOf` only (the start's copy_from). */
  documents: SourceDocument[] | null;
}

const START_CHECK_SQL = `SELECT u.id, a.cycle_id, a.answers ->> 'applied_major' AS program, a.user_id IS NOT NULL AS started,
       CASE WHEN u.id = $2::uuid THEN ${sourceDocumentsSql('u.id')} END AS documents
     FROM users u LEFT JOIN applications a ON a.user_id = u.id
     WHERE (u.id = $1 AND u.application_of IS NULL) OR (u.application_of = $1 AND a.user_id IS NOT NULL)`;

/**
 * The account's applications as a start checks them (issue 42), in one statement, with the documents of the one
 * copied from: the cycle, the program and whether it is started; not the kept basis, withdrawals or released
 * decisions, which the list shows and the start's checks do not need, nor an order (the account's own row is
 * the one whose id is the account's). A start's first statement, in its repeatable-read transaction: the write
 * that follows locks the account and fails with 40001 when another start changed it since this snapshot
 * (insertStartedApplication). Without the account's own row when the id is no account.
 */
export async function applicationsToStart(
  tx: Queryable,
  accountId: string,
  documentsOf: string | null,
): Promise<StartCheckRow[]> {
  return (await tx.query<StartCheckRow>(START_CHECK_SQL, [accountId, documentsOf], { name: 'start-checks' })).rows;
}

export const inCycle = (row: Pick<AccountApplicationRow, 'cycle_id'>, cycleId: string) =>
  (row.cycle_id ?? cycleId) === cycleId;

function stateOf(row: AccountApplicationRow, openCycleId: string): ApplicationListState {
  if (!row.submitted_at) return inCycle(row, openCycleId) ? 'in_progress' : 'closed';
  if (row.withdrawn) return 'withdrawn';
  if (row.response) return row.response === 'accept' ? 'accepted' : 'declined';
  return row.released ? 'decided' : 'submitted';
}

/** A row as the applicant's list shows it, in the words of its own cycle (a submitted one keeps its basis). */
export function applicationSummary(
  row: AccountApplicationRow,
  tenant: TenantConfig,
  ctx: FormContext,
  currentId: string,
): ApplicationSummary {
  const form = ctx.formAsKept(row.kept_basis);
  return {
    id: row.id,
    cycle: cycleRef(tenant, row.cycle_id ?? tenant.cycle.id),
    program: row.program || null,
    program_label: row.program ? choiceLabelOf(form, 'applied_major', row.program) : null,
    term: row.term || null,
    term_label: row.term ? choiceLabelOf(form, 'entry_term', row.term) : null,
    state: stateOf(row, tenant.cycle.id),
    submitted_at: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    decision_released: row.released,
    decision_offer: tenant.decisions.codes.some((c) => c.code === row.released_code && c.offer),
    current: row.id === currentId,
  };
}
