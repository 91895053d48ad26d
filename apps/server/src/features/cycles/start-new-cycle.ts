import { choiceLabelOf, recheckAnswers, type KeptBasis, type NewCycleResponse } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { mergeAnswers } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';
import { keptBasisSql } from '../../core/kept-bases';
import { AppError } from '../../http/app-error';
import { lockAccount, moveToPastOwner } from './move-to-past-owner';
import { cycleRef } from './past-applications';

/**
 * POST /api/application/new-cycle (decision 052). In one transaction, under
 * the account's row lock: every row of the closed cycle's application moves
 * to a new owner (a users row that is no account, application_of = the
 * account), so the office keeps it, decisions and letters included, under its
 * cycle, and the account's live row starts afresh in the open cycle. Asked
 * to, an unsubmitted application's answers are carried over after the open
 * cycle's form re-checks them; documents and letters stay with the old one.
 */
export async function startNewCycle(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  ctx: FormContext,
  accountId: string,
  carryOver: boolean,
): Promise<NewCycleResponse> {
  const openCycle = config.tenant.cycle.id;
  return db.transaction(async (tx) => {
    const now = clock.now();
    // Two tabs pressing the button at once: the second waits here, then finds the live row in the open cycle.
    const account = await lockAccount(tx, accountId);
    if (!account) throw new AppError('UNAUTHORIZED');
    const { rows } = await tx.query<{
      cycle_id: string | null;
      submitted_at: Date | null;
      answers: Record<string, string>;
      kept_basis: KeptBasis | null;
    }>(
      `SELECT cycle_id, submitted_at, answers, ${keptBasisSql('a')} AS kept_basis
       FROM applications a WHERE user_id = $1 FOR UPDATE`,
      [accountId],
    );
    const old = rows[0];
    if (!old || old.cycle_id === null || old.cycle_id === openCycle) throw new AppError('APPLICATION_IN_OPEN_CYCLE');
    if (carryOver && old.submitted_at) throw new AppError('CARRY_OVER_SUBMITTED');

    await moveToPastOwner(tx, account, now);

    const { kept, dropped } = carryOver ? recheckAnswers(ctx.form, old.answers) : { kept: {}, dropped: [] };
    // The new live row (cycle_id defaults to the open cycle); its first history row lists the office's index.
    await mergeAnswers(tx, accountId, kept, now);
    // A dropped choice is named in the words of the old application's own cycle (issue 41).
    const before = ctx.formAsKept(old.kept_basis);
    return {
      cycle: cycleRef(config.tenant, openCycle),
      carried: Object.keys(kept),
      dropped: dropped.map((d) => ({ ...d, value_label: choiceLabelOf(before, d.key, d.value) })),
    };
  });
}
