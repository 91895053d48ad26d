import { removeRepeatItem, setRepeatCount, type AddAnotherQuestion, type RepeatChange } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { lockApplication } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';

/**
 * Called inside the transaction that moves a repeater's blocks, so documents
 * move with their answers or not at all. SEAM for the documents feature: it
 * re-keys its records by change.documentMoves (in order: each move's target
 * is free by then) and deletes those of change.documentsCleared.
 */
export type ShiftDocuments = (tx: Queryable, userId: string, change: RepeatChange) => Promise<void>;

/** Until documents are stored there is nothing to move. */
export const noDocumentsToShift: ShiftDocuments = async () => {};

export interface RepeatBlocksResult {
  count: number;
  answers: Record<string, string>;
  tabs: Record<string, string>;
}

function repeaterOf(ctx: FormContext, buttonId: string): AddAnotherQuestion {
  const repeater = ctx.repeaters.get(buttonId);
  if (!repeater) throw new AppError('BAD_REQUEST', { errors: { button_id: ['There is no such repeated block.'] } });
  return repeater;
}

type HistoryEntry = { kind: string; changes: unknown };

/** Writes a change to the locked row and logs it, in the caller's transaction. */
async function applyChange(
  tx: Queryable,
  userId: string,
  buttonId: string,
  change: RepeatChange,
  now: Date,
  log: HistoryEntry[],
) {
  const setTabs = Object.fromEntries(Object.entries(change.tabs).filter((e): e is [string, string] => e[1] !== null));
  const dropTabs = Object.keys(change.tabs).filter((k) => change.tabs[k] === null);
  const { rows } = await tx.query<{ tabs: Record<string, string> }>(
    `UPDATE applications
        SET answers = answers || $2::jsonb,
            tabs = (tabs - $3::text[]) || $4::jsonb,
            add_another = add_another || $5::jsonb,
            updated_at = $6
      WHERE user_id = $1 AND submitted_at IS NULL
      RETURNING tabs`,
    [
      userId,
      JSON.stringify(change.answers),
      dropTabs,
      JSON.stringify(setTabs),
      JSON.stringify({ [buttonId]: change.count }),
      now,
    ],
  );
  for (const { kind, changes } of log) {
    await tx.query(`INSERT INTO answer_history (user_id, kind, changes, created_at) VALUES ($1, $2, $3::jsonb, $4)`, [
      userId,
      kind,
      JSON.stringify(changes),
      now,
    ]);
  }
  return rows[0]?.tabs ?? {};
}

/**
 * Removes block `number` (1-based, as the page numbers them) of a repeater:
 * later blocks move up with their answers, `_desc` labels, tab choices and
 * (through shiftDocuments) documents; the last block is emptied; the count
 * goes down by one. All in one transaction under the application's row lock.
 */
export async function removeRepeatBlock(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  ctx: FormContext,
  userId: string,
  buttonId: string,
  number: number,
  shiftDocuments: ShiftDocuments = noDocumentsToShift,
): Promise<RepeatBlocksResult> {
  const repeater = repeaterOf(ctx, buttonId);
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, userId);
    if (app?.submitted_at) throw new AppError('APPLICATION_SUBMITTED');
    let change: RepeatChange;
    try {
      change = removeRepeatItem(
        repeater,
        { answers: app?.answers ?? {}, tabs: app?.tabs ?? {}, count: app?.add_another[buttonId] },
        number - 1,
      );
    } catch {
      throw new AppError('BAD_REQUEST', { errors: { number: ['There is no such block to remove.'] } });
    }
    // Nothing stored yet: the only block is already empty.
    if (!app) return { count: change.count, answers: change.answers, tabs: {} };
    const tabs = await applyChange(tx, userId, buttonId, change, clock.now(), [
      {
        kind: 'remove_block',
        changes: { button_id: buttonId, number, count: change.count, answers: change.answers, tabs: change.tabs },
      },
    ]);
    await shiftDocuments(tx, userId, change);
    return { count: change.count, answers: change.answers, tabs };
  });
}

/**
 * Sets a repeater's count; blocks past the new count are emptied in the same
 * transaction, so no answer is left that no page shows. false once submitted.
 */
export async function setRepeatBlockCount(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  ctx: FormContext,
  userId: string,
  buttonId: string,
  count: number,
  shiftDocuments: ShiftDocuments = noDocumentsToShift,
): Promise<boolean> {
  const repeater = repeaterOf(ctx, buttonId);
  if (!Number.isInteger(count) || count < 1 || count > repeater.maxRepeats) {
    throw new AppError('BAD_REQUEST', {
      errors: { num_components: [`You can add at most ${repeater.maxRepeats} of these.`] },
    });
  }
  return db.transaction(async (tx) => {
    // The row must exist to be locked: an applicant's first call may be this one.
    await tx.query(`INSERT INTO applications (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [
      userId,
      clock.now(),
    ]);
    const app = await lockApplication(tx, userId);
    if (!app || app.submitted_at) return false;
    const all = setRepeatCount(repeater, count);
    // Only what was there is cleared (and logged): most blocks past the count were never opened.
    const change: RepeatChange = {
      ...all,
      answers: Object.fromEntries(
        Object.keys(all.answers)
          .filter((k) => (app.answers[k] ?? '') !== '')
          .map((k) => [k, '']),
      ),
      tabs: Object.fromEntries(
        Object.keys(all.tabs)
          .filter((k) => k in app.tabs)
          .map((k) => [k, null]),
      ),
    };
    const log: HistoryEntry[] = [{ kind: 'add_another', changes: { [buttonId]: count } }];
    if (Object.keys(change.answers).length > 0) log.push({ kind: 'answer', changes: change.answers });
    await applyChange(tx, userId, buttonId, change, clock.now(), log);
    await shiftDocuments(tx, userId, change);
    return true;
  });
}
