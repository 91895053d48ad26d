import { clearAnswers, type Answers } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { mergeAnswers } from './application-repository';
import { lockAnswers } from './lock-answers';
import type { FormContext } from './form-context';

/**
 * Saves some answers. A save that touches no controlling answer (the common
 * case: typing) is one atomic merge statement. One that can hide other
 * answers reads the stored set under a row lock and clears what it hides, as
 * the browser does, so the server never keeps answers to hidden questions.
 */
export async function saveAnswers({ db, clock }: AppDeps, ctx: FormContext, userId: string, changes: Answers) {
  const touchesController = Object.keys(changes).some((k) => ctx.controllers.has(k));
  const saved = touchesController
    ? await db.transaction(async (tx) => {
        const stored = await lockAnswers(tx, userId);
        if (stored === 'submitted') return false;
        const { cleared } = clearAnswers(stored, { ...stored, ...changes }, ctx.form);
        const toSave = { ...changes, ...Object.fromEntries(cleared.map((k) => [k, ''])) };
        return mergeAnswers(tx, userId, toSave, clock.now());
      })
    : await mergeAnswers(db, userId, changes, clock.now());
  if (!saved) throw new AppError('APPLICATION_SUBMITTED');
}
