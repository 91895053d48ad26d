import {
  deriveWebStatus,
  keptLabelsOf,
  normalizeEmail,
  summaryLinks,
  validateAnswers,
  type Answers,
  type ChecklistLetter,
  type DocumentAnswer,
  type FeeView,
  type KeptBasis,
} from '@admissions/domain';
import { answersForJudging } from '../documents';
import { loadChecklists, type Checklist } from '../checklist';
import { currentLetters } from '../recommendations';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import type { FormContext } from '../../core/form-context';
import { keptBasisSql } from '../../core/kept-bases';
import { recordIntegrationEvents } from '../../core/integration-events';
import { enterFirstStage } from './stages-repository';
import { copyDecisionStates } from './decision-state-copy';
import { RECOUNT_ROWS_PER_PASS, recountIndexRows } from './console-index-recount';
import { indexedFees, type IndexedFees } from './fee-state-copy';
import { searchTextOf, searchable } from './search-fold';

/**
 * The console's read model (staff_application_index), rebuilt from the
 * append-only answer_history: every change to an application (answers, last
 * page, repeats, tabs, status, submission) appends a history row, so the
 * rows after the last one read name exactly the applications to recompute.
 * The answer-save hot path is untouched; the missing-items count (the rule
 * set of the applicant's summary) is computed here, once per change burst,
 * not on every save and not on every list read.
 *
 * History ids are handed out at insert and committed in any order, so each
 * pass re-reads a few ids before the mark: a save that committed late is
 * picked up by the next pass. Recomputing a row is idempotent.
 */
const REREAD_IDS = 50;
/** History rows read per pass; the periodic job and the list calls take turns catching up. */
const HISTORY_ROWS_PER_PASS = 5000;

export interface IndexRow extends IndexedFees {
  user_id: string;
  /** The application's person: the owner's account (issue 42, applications-by-person.ts). */
  person_id: string;
  email: string;
  first_name: string;
  last_name: string;
  preferred_name: string;
  program: string;
  entry_term: string;
  web_status: string;
  last_change: string;
  submitted_at: string | null;
  late: boolean;
  cycle_id: string;
  missing_count: number;
  complete: boolean;
  /** The current letter requests, a declined or lapsed one left out, and those of them received (issue 49). */
  letters_requested: number;
  letters_received: number;
  /** The labels a submitted application kept (issue 41); null: the tenant's labels of today, by code. */
  kept_program_label: string | null;
  kept_term_label: string | null;
  search_text: string;
  sort_name: string;
  refreshed_at: string;
}

interface SourceRow {
  user_id: string;
  person_id: string;
  email: string;
  answers: Answers | null;
  add_another: Record<string, number> | null;
  tabs: Record<string, string> | null;
  submitted_at: Date | null;
  late: boolean | null;
  cycle_id: string;
  statuses: string[] | null;
  last_change: Date;
  documents: Record<string, DocumentAnswer> | null;
  kept_basis: KeptBasis | null;
}

/** A submitted application's labels as it kept them (issue 41); null where it kept none (today's, by code). */
function indexLabelsOf(kept: KeptBasis | null, program: string, term: string) {
  const labels = keptLabelsOf(kept, program, term);
  return { kept_program_label: labels.program, kept_term_label: labels.term };
}

/** The columns the search and the name order read, of the row's own names (search-fold.ts). */
function searchColumnsOf(firstName: string, lastName: string, preferredName: string, email: string) {
  return {
    search_text: searchTextOf([firstName, lastName, preferredName, email].join(' ')),
    sort_name: searchable(`${lastName} ${firstName}`),
  };
}

/** What the index reads of a submitted application's checklist, and of any application's letters. */
export interface IndexCounts {
  /** Every checklist item received or waived (a submitted application only). */
  complete: boolean;
  /** The checklist's items neither received nor waived: a submitted application's missing items (issue 49). */
  lacking: number;
  letters_requested: number;
  letters_received: number;
  /** A submitted application's fees (issue 43), as its checklist read them. */
  fees: readonly FeeView[];
}

const NO_COUNTS: IndexCounts = { complete: false, lacking: 0, letters_requested: 0, letters_received: 0, fees: [] };

/** The checklist's items still lacking: neither received nor waived (as isChecklistComplete counts them). */
export const lackingItems = (checklist: Pick<Checklist, 'items'>): number =>
  checklist.items.filter((i) => i.state !== 'received' && i.state !== 'waived').length;

/**
 * The index row of one application. Its missing items: before submission, the lines of the applicant's own
 * summary; once submitted, the checklist's items still lacking (a letter not received, an item the office
 * asked for), which the applicant's checklist shows them too.
 */
export function indexRowOf(ctx: FormContext, source: SourceRow, now: Date, counts: IndexCounts = NO_COUNTS): IndexRow {
  const answers = source.answers ?? {};
  const text = (key: string) => (answers[key] ?? '').trim();
  const submitted = source.submitted_at != null;
  const missing = submitted
    ? counts.lacking
    : summaryLinks(
        ctx.form,
        validateAnswers(ctx.form, answersForJudging(ctx.form, answers), {
          now,
          view: { addAnother: source.add_another ?? {}, tabs: source.tabs ?? {} },
          documents: source.documents ?? {},
        }),
      ).length;
  return {
    user_id: source.user_id,
    person_id: source.person_id,
    email: source.email,
    first_name: text('first_name'),
    last_name: text('last_name'),
    preferred_name: text('preferred_name'),
    program: text('applied_major'),
    entry_term: text('entry_term'),
    web_status: deriveWebStatus((source.statuses ?? []).map((web_status) => ({ web_status }))),
    last_change: new Date(source.last_change).toISOString(),
    submitted_at: source.submitted_at ? new Date(source.submitted_at).toISOString() : null,
    late: source.late ?? false,
    cycle_id: source.cycle_id,
    missing_count: missing,
    complete: submitted && counts.complete,
    letters_requested: counts.letters_requested,
    letters_received: counts.letters_received,
    ...indexedFees(submitted ? counts.fees : []),
    ...indexLabelsOf(source.kept_basis, text('applied_major'), text('entry_term')),
    ...searchColumnsOf(text('first_name'), text('last_name'), text('preferred_name'), source.email),
    refreshed_at: now.toISOString(),
  };
}

const SOURCE_SQL = `
  SELECT u.id AS user_id, COALESCE(u.application_of, u.id) AS person_id, u.email, a.answers, a.add_another, a.tabs, a.submitted_at, a.late, ${keptBasisSql('a')} AS kept_basis,
    COALESCE(a.cycle_id, current_cycle_id()) AS cycle_id,
    (SELECT array_agg(w.web_status) FROM web_status_events w WHERE w.user_id = u.id) AS statuses,
    (SELECT h.created_at FROM answer_history h WHERE h.user_id = u.id ORDER BY h.id DESC LIMIT 1) AS last_change,
    (SELECT jsonb_object_agg(d.answer_key, jsonb_build_object('file_name', d.file_name, 'file_size', d.file_size))
       FROM documents d WHERE d.user_id = u.id AND d.status = 'COMPLETED') AS documents
  FROM users u LEFT JOIN applications a ON a.user_id = u.id
  WHERE u.id = ANY ($1::uuid[])`;

const UPSERT_SQL = `
  INSERT INTO staff_application_index
    (user_id, person_id, email, first_name, last_name, preferred_name, program, entry_term, web_status,
     last_change, submitted_at, late, cycle_id, missing_count, complete, letters_requested, letters_received,
     fee_state, fee_due_at, deposit_state, deposit_due_at,
     kept_program_label, kept_term_label, search_text, sort_name, refreshed_at)
  SELECT user_id, person_id, email, first_name, last_name, preferred_name, program, entry_term, web_status,
     last_change, submitted_at, late, cycle_id, missing_count, complete, letters_requested, letters_received,
     fee_state, fee_due_at, deposit_state, deposit_due_at,
     kept_program_label, kept_term_label, search_text, sort_name, refreshed_at
  FROM jsonb_to_recordset($1::jsonb) AS x (
    user_id uuid, person_id uuid, email text, first_name text, last_name text, preferred_name text, program text, entry_term text,
    web_status text, last_change timestamptz, submitted_at timestamptz, late boolean, cycle_id text,
    missing_count integer, complete boolean, letters_requested integer, letters_received integer,
    fee_state text, fee_due_at timestamptz, deposit_state text, deposit_due_at timestamptz,
    kept_program_label text, kept_term_label text, search_text text, sort_name text, refreshed_at timestamptz)
  ON CONFLICT (user_id) DO UPDATE SET
    person_id = EXCLUDED.person_id, email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
    preferred_name = EXCLUDED.preferred_name, program = EXCLUDED.program, entry_term = EXCLUDED.entry_term,
    web_status = EXCLUDED.web_status, last_change = EXCLUDED.last_change, submitted_at = EXCLUDED.submitted_at,
    late = EXCLUDED.late, cycle_id = EXCLUDED.cycle_id, missing_count = EXCLUDED.missing_count, complete = EXCLUDED.complete,
    letters_requested = EXCLUDED.letters_requested, letters_received = EXCLUDED.letters_received,
    fee_state = EXCLUDED.fee_state, fee_due_at = EXCLUDED.fee_due_at, deposit_state = EXCLUDED.deposit_state,
    deposit_due_at = EXCLUDED.deposit_due_at,
    kept_program_label = EXCLUDED.kept_program_label, kept_term_label = EXCLUDED.kept_term_label, search_text = EXCLUDED.search_text, sort_name = EXCLUDED.sort_name, refreshed_at = EXCLUDED.refreshed_at`;

/** Recomputes the index rows of these applicants (staff accounts have no application and are left out). */
export async function reindexApplications(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  ctx: FormContext,
  userIds: readonly string[],
  db: Queryable = deps.db,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const { rows } = await db.query<SourceRow>(SOURCE_SQL, [userIds]);
  const now = deps.clock.now();
  const kept = rows.filter((r) => r.last_change != null && !deps.config.staffEmails.has(normalizeEmail(r.email)));
  // The checklist decides `complete` and a submitted application's missing items; only a submitted application
  // can be complete (its office items and letters come after). The letters are counted for every application.
  const submitted = kept.filter((r) => r.submitted_at != null).map((r) => r.user_id);
  const [checklists, letters] = await Promise.all([
    submitted.length ? loadChecklists(deps, ctx, submitted, db) : new Map<string, Checklist>(),
    kept.length
      ? currentLetters(
          db,
          kept.map((r) => r.user_id),
          now,
        )
      : new Map<string, Record<string, ChecklistLetter>>(),
  ]);
  const indexRows = kept.map((r) => {
    const checklist = checklists.get(r.user_id);
    const current = Object.values(letters.get(r.user_id) ?? {});
    return indexRowOf(ctx, r, now, {
      complete: checklist?.complete ?? false,
      lacking: checklist ? lackingItems(checklist) : 0,
      letters_requested: current.filter((l) => l.status === 'RECEIVED' || (l.status === 'REQUESTED' && !l.lapsed))
        .length,
      letters_received: current.filter((l) => l.status === 'RECEIVED').length,
      fees: checklist?.fees ?? [],
    });
  });
  if (indexRows.length > 0) {
    const completed = await newlyComplete(db, indexRows);
    await db.query(UPSERT_SQL, [JSON.stringify(indexRows)]);
    await recordIntegrationEvents(
      db,
      completed.map((userId) => ({
        type: 'application.completed' as const,
        applicationId: userId,
        data: { completed_at: now.toISOString() },
      })),
      now,
    );
    await enterFirstStage(db, submitted);
    // A decision recorded before the refresher first indexed its application gets its copy here.
    await copyDecisionStates(db, submitted);
  }
  return indexRows.length;
}

/**
 * The applications whose checklist these rows find complete and whose row did not (issue 45): the campus systems
 * hear `application.completed` once as it becomes so, not at every later change. The index is where the product
 * learns it: every change that can complete a checklist (a receipt, a waiver, a document, a letter, a fee) appends
 * its history row in its own transaction, and the pass that reads that row records the event in the pass's, so a
 * crash between the two loses nothing (the row is read again). Two passes racing may each record it: at least once.
 */
async function newlyComplete(db: Queryable, rows: readonly IndexRow[]): Promise<string[]> {
  const complete = rows.filter((r) => r.complete).map((r) => r.user_id);
  if (complete.length === 0) return [];
  const { rows: before } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM staff_application_index WHERE user_id = ANY ($1::uuid[]) AND complete',
    [complete],
  );
  const was = new Set(before.map((r) => r.user_id));
  return complete.filter((id) => !was.has(id));
}

/**
 * The cheap check of refreshConsoleIndex as an expression, true when the
 * answer history has rows past the mark: a list call reads it in its page's
 * own statement, so the page and the check share one snapshot and the check
 * costs no round trip of its own (decision 051).
 */
export const INDEX_BEHIND_SQL = `(SELECT COALESCE((SELECT max(id) FROM answer_history) > p.last_history_id, false)
  FROM staff_index_progress p WHERE p.id = 1)`;

/**
 * One pass over the history written since the last: recomputes the changed
 * applications and moves the mark. Returns how many history rows it read
 * (0: the index is up to date, or another pass holds the mark). Passes are
 * serialised by a row lock on the mark, and none waits for another.
 */
export async function refreshConsoleIndex(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  ctx: FormContext,
  historyRows = HISTORY_ROWS_PER_PASS,
): Promise<number> {
  // The cheap check first, without a transaction: the list calls run it on every request.
  const { rows: marks } = await deps.db.query<{ last_history_id: string; newest: string | null }>(
    `SELECT p.last_history_id, (SELECT max(id) FROM answer_history) AS newest FROM staff_index_progress p WHERE p.id = 1`,
  );
  const mark = Number(marks[0]?.last_history_id ?? 0);
  if (marks[0]?.newest == null || Number(marks[0].newest) <= mark) return 0;

  return deps.db.transaction(async (tx) => {
    // Another pass (this process's job, another process, another list call) is under way: it covers this one.
    const { rows: locked } = await tx.query<{ last_history_id: string }>(
      'SELECT last_history_id FROM staff_index_progress WHERE id = 1 FOR UPDATE SKIP LOCKED',
    );
    if (locked.length === 0) return 0;
    const from = Math.max(0, Number(locked[0]?.last_history_id ?? 0) - REREAD_IDS);
    const { rows } = await tx.query<{ id: string; user_id: string }>(
      'SELECT id, user_id FROM answer_history WHERE id > $1 ORDER BY id LIMIT $2',
      [from, historyRows],
    );
    if (rows.length === 0) return 0;
    const users = [...new Set(rows.map((r) => r.user_id))];
    await reindexApplications(deps, ctx, users, tx);
    const newMark = Math.max(Number(locked[0]?.last_history_id ?? 0), Number(rows.at(-1)!.id));
    await tx.query('UPDATE staff_index_progress SET last_history_id = $1 WHERE id = 1', [newMark]);
    return rows.length;
  });
}

/**
 * What a list call does before it reads: one short pass, so a reader sees the
 * changes of the last seconds. A larger backlog (deadline day) is left to the
 * periodic job, so a list call never spends long on it.
 */
export const LIST_CALL_HISTORY_ROWS = 500;

export function freshenConsoleIndex(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, ctx: FormContext): Promise<number> {
  return refreshConsoleIndex(deps, ctx, LIST_CALL_HISTORY_ROWS);
}

/** Passes until the index has caught up (or maxPasses): the periodic job in server.ts. */
export async function catchUpConsoleIndex(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  ctx: FormContext,
  maxPasses = 4,
): Promise<void> {
  for (let i = 0; i < maxPasses; i++) {
    const read = await refreshConsoleIndex(deps, ctx);
    if (read < HISTORY_ROWS_PER_PASS) break;
  }
  // The rows written with other fees than the tenant file's (issue 43) are marked for the recount too.
  await markRowsForNewFees(deps);
  // The rows migration 136 marked, written with the counts of before: recomputed as the refresher would now.
  const reindex = (userIds: readonly string[], db: Queryable) => reindexApplications(deps, ctx, userIds, db);
  for (let i = 0; i < maxPasses; i++) {
    if ((await recountIndexRows(deps, reindex)) < RECOUNT_ROWS_PER_PASS) break;
  }
  for (let i = 0; i < maxPasses; i++) {
    if ((await refoldSearchColumns(deps)) < REFOLD_ROWS_PER_PASS) return;
  }
}

/** The tenant's fees as the index's rows were written with them (staff_index_progress.fees_basis). */
const feesBasisOf = (deps: Pick<AppDeps, 'config'>) => JSON.stringify(deps.config.tenant.fees ?? null);

/** The index's rows written before migration 137: with no fees at all. */
const BEFORE_FEES = 'before-137';

/**
 * When the tenant file's `fees` differ from the ones the index's rows were written with (migration 137), marks
 * every submitted application's row for the recount (migration 136, console-index-recount.ts): its fee columns,
 * `complete` and missing items follow the fees, and the recount's passes write it again with the refresher's own
 * code. Without a basis (no row written with other fees), or with none before 137 and none now, the file's fees
 * become the basis and nothing is marked. Returns whether it marked the rows.
 */
export async function markRowsForNewFees(deps: Pick<AppDeps, 'db' | 'config'>): Promise<boolean> {
  const basis = feesBasisOf(deps);
  const basisOf = async (db: Queryable, lock = '') =>
    (await db.query<{ fees_basis: string | null }>(`SELECT fees_basis FROM staff_index_progress WHERE id = 1${lock}`))
      .rows[0]?.fees_basis;
  // The cheap check first, without a transaction: the periodic job runs it every few seconds.
  if ((await basisOf(deps.db)) === basis) return false;
  return deps.db.transaction(async (tx) => {
    const before = await basisOf(tx, ' FOR UPDATE');
    if (before === undefined || before === basis) return false;
    await tx.query('UPDATE staff_index_progress SET fees_basis = $1 WHERE id = 1', [basis]);
    // No row written with other fees; or none before migration 137 and none now: every row already says so.
    if (before === null || (before === BEFORE_FEES && basis === 'null')) return false;
    await tx.query('UPDATE staff_application_index SET recount = true WHERE submitted_at IS NOT NULL AND NOT recount');
    return true;
  });
}

/**
 * The version of the search fold (search-fold.ts) the index's rows are written with. A change to the fold
 * raises it, and the periodic job then rewrites the search columns of the rows written before (migration
 * 130 set the mark to 0 for the rows written before issue 49).
 */
export const SEARCH_FOLD = 1;
/** Index rows read per refold pass: only their names are read, and only the rows whose columns change are written. */
const REFOLD_ROWS_PER_PASS = 5000;

const REFOLD_SQL = `
  UPDATE staff_application_index i SET search_text = x.search_text, sort_name = x.sort_name
  FROM jsonb_to_recordset($1::jsonb) AS x (
    user_id uuid, first_name text, last_name text, preferred_name text, email text, search_text text, sort_name text)
  WHERE i.user_id = x.user_id
    AND i.first_name = x.first_name AND i.last_name = x.last_name
    AND i.preferred_name = x.preferred_name AND i.email = x.email
    AND (i.search_text <> x.search_text OR i.sort_name <> x.sort_name)`;

/**
 * One pass of the rewrite of search_text and sort_name after the fold changed: the next rows of the index in
 * user_id order, from the mark in staff_index_progress, recomputed from the row's own names (which are what
 * the refresher built them from). Returns how many rows it read (0: every row has the fold of today).
 *
 * It takes no lock: a row is written only if its names are still those read (a row the refresher rewrote
 * meanwhile has the fold of today already), so passes of two processes at once only repeat each other's work,
 * and the mark only moves forward.
 */
export async function refoldSearchColumns(
  deps: Pick<AppDeps, 'db'>,
  rowsPerPass = REFOLD_ROWS_PER_PASS,
): Promise<number> {
  const { rows: marks } = await deps.db.query<{ search_fold: number; search_fold_after: string | null }>(
    'SELECT search_fold, search_fold_after FROM staff_index_progress WHERE id = 1',
  );
  const mark = marks[0];
  if (!mark || mark.search_fold >= SEARCH_FOLD) return 0;
  const { rows } = await deps.db.query<{
    user_id: string;
    first_name: string;
    last_name: string;
    preferred_name: string;
    email: string;
  }>(
    `SELECT user_id, first_name, last_name, preferred_name, email FROM staff_application_index
     WHERE user_id > $1::uuid ORDER BY user_id LIMIT $2`,
    [mark.search_fold_after ?? '00000000-0000-0000-0000-000000000000', rowsPerPass],
  );
  const refolded = rows.map((r) => ({
    ...r,
    ...searchColumnsOf(r.first_name, r.last_name, r.preferred_name, r.email),
  }));
  if (refolded.length > 0) await deps.db.query(REFOLD_SQL, [JSON.stringify(refolded)]);
  if (rows.length < rowsPerPass) {
    await deps.db.query(
      'UPDATE staff_index_progress SET search_fold = $1, search_fold_after = NULL WHERE id = 1 AND search_fold < $1',
      [SEARCH_FOLD],
    );
  } else {
    await deps.db.query(
      `UPDATE staff_index_progress SET search_fold_after = $1::uuid
       WHERE id = 1 AND search_fold < $2 AND (search_fold_after IS NULL OR search_fold_after < $1::uuid)`,
      [rows.at(-1)!.user_id, SEARCH_FOLD],
    );
  }
  return rows.length;
}
