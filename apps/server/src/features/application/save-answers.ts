import { clearAnswers, type Answers } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { mergeAnswers } from '../../core/application-repository';
import { lockAnswers } from './lock-answers';
import type { FormContext } from '../../core/form-context';

/**
 * Whether a save must be checked against the stored answers: it touches a
 * controlling answer, or an answer that may be hidden (see hideable-keys).
 * Any other save can be merged blindly, in one statement.
 */
export function needsStoredAnswers(ctx: FormContext, changes: Answers): boolean {
  return Object.keys(changes).some((k) => ctx.controllers.has(k) || ctx.hideable.has(k));
}

/**
 * Saves some answers. A save that touches no controlling answer and no
 * answer that can be hidden (the common case: typing) is one atomic merge
 * statement. Any other reads the stored set under a row lock and clears what
 * is hidden, as the browser does, so the server never keeps answers to
 * hidden questions: not when a controlling answer changes, and not when
 * another tab later sends an answer to a question that is now hidden.
 */
export async function saveAnswers({ db, clock }: AppDeps, ctx: FormContext, userId: string, changes: Answers) {
  const saved = needsStoredAnswers(ctx, changes)
    ? await db.transaction(async (tx) => {
        const stored = await lockAnswers(tx, userId, clock.now());
        if (stored === 'submitted') return false;
        const { cleared } = clearAnswers(stored, { ...stored, ...changes }, ctx.form);
        const toSave = { ...changes, ...Object.fromEntries(cleared.map((k) => [k, ''])) };
        return mergeAnswers(tx, userId, toSave, clock.now());
      })
    : await mergeAnswers(db, userId, changes, clock.now());
  if (!saved) throw new AppError('APPLICATION_SUBMITTED');
}
