import type { Answers } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { documentCopiesSql, type DocumentCopies } from '../documents';
import { LOCK_ACCOUNT_SQL } from './move-to-past-owner';

export interface StartedApplication {
  accountId: string;
  /** The account's own id when the new application takes the account's row, else a new owner's. */
  target: string;
  now: Date;
  /** The application copied from, with the answer keys and view keys (tabs, blocks shown) a copy takes. */
  source?: { id: string; answerKeys: readonly string[]; viewKeys: readonly string[] };
  /** The program's own answers: program and term. */
  answers: Answers;
  documents?: DocumentCopies;
  sessionIdHash: string;
}

// The account's lock, the owner (a further application), the applications row with its copied answers and view
// state, their history, the copied documents' rows and the session's choice: one statement, so a start costs the
// round trips of its list and this write and no more (docs/performance/several-applications.md). The answers are
// copied where they are, filtered by the copy's keys, never read into the process and sent back.
//
// The lock is folded in as the statement's first act: the main query reads `locked` (the sub-statements it does
// not read run after it), so a second start waits on the account's row before it has written anything, and
// never holds the session's row while it waits. Its version check is the repeatable-read transaction's: the
// update of an account row that another start (or a new cycle's) changed since the list's snapshot fails with
// 40001, and the start reads again. The owner takes its address from the locked row.
const copiedPart = (column: string, keysParam: string) =>
  `coalesce((SELECT jsonb_object_agg(key, value) FROM source, jsonb_each(source.${column})
     WHERE key = ANY(${keysParam}::text[])), '{}'::jsonb)`;

const INSERT_STARTED = `
  WITH locked AS (${LOCK_ACCOUNT_SQL}), owner AS (
    INSERT INTO users (id, email, password_hash, confirmed_at, created_at, application_of)
    SELECT $2::uuid, email, '', confirmed_at, $3, id FROM locked WHERE $2::uuid <> $1::uuid
  ), source AS (
    SELECT answers, add_another, tabs FROM applications WHERE user_id = $4::uuid
  ), saved AS (
    INSERT INTO applications (user_id, answers, add_another, tabs, updated_at)
    SELECT $2::uuid, ${copiedPart('answers', '$5')} || $6::jsonb, ${copiedPart('add_another', '$7')},
      ${copiedPart('tabs', '$7')}, $3
    FROM locked
    -- The account's own row: a save in another tab may have made its applications row since the list was read.
    ON CONFLICT (user_id) DO UPDATE SET answers = applications.answers || EXCLUDED.answers,
      add_another = applications.add_another || EXCLUDED.add_another, tabs = applications.tabs || EXCLUDED.tabs,
      updated_at = EXCLUDED.updated_at
    WHERE applications.submitted_at IS NULL AND coalesce(applications.cycle_id = current_cycle_id(), true)
    RETURNING user_id, answers, add_another, tabs
  ), logged AS (
    INSERT INTO answer_history (user_id, kind, changes, created_at)
    SELECT user_id, 'answer', answers, $3 FROM saved
    UNION ALL SELECT user_id, 'add_another', add_another, $3 FROM saved WHERE add_another <> '{}'::jsonb
    UNION ALL SELECT user_id, 'tabs', tabs, $3 FROM saved WHERE tabs <> '{}'::jsonb
  ), ${documentCopiesSql('$8', '$3')}, opened AS (
    UPDATE sessions SET application_id = $10::uuid WHERE id_hash = $9
  )
  SELECT id FROM locked`;

/**
 * Locks the account and writes a started application (issue 42) in the caller's repeatable-read transaction,
 * whose first statement read the account's applications (applicationsToStart).
 */
export async function insertStartedApplication(tx: Queryable, s: StartedApplication): Promise<void> {
  const { rows } = await tx.query(
    INSERT_STARTED,
    [
      s.accountId,
      s.target,
      s.now,
      s.source?.id ?? null,
      s.source?.answerKeys ?? [],
      JSON.stringify(s.answers),
      s.source?.viewKeys ?? [],
      s.documents?.rows ?? '[]',
      s.sessionIdHash,
      s.target === s.accountId ? null : s.target,
    ],
    { name: 'start-application' },
  );
  // No account's row to lock: a past owner's id, or an account deleted before the list's snapshot.
  if (rows.length === 0) throw new AppError('UNAUTHORIZED');
}
