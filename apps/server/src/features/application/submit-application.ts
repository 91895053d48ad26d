import {
  clearAnswers,
  hasValidationErrors,
  invalidDateKeys,
  validateAnswers,
  type Answers,
  type ViewState,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { answersForJudging, loadDocumentAnswers } from '../documents';
import { lockApplication, markSubmitted } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';

export type SubmitOutcome =
  { status: 'submitted'; answers: Answers; view: ViewState; submittedAt: Date } | { status: 'already-submitted' };

/**
 * The server's own decision on a submission. Under a row lock it scrubs the
 * stored answers (hidden questions, invalid dates), runs the same rule set
 * the browser runs, and only then marks the application submitted. An
 * incomplete application changes nothing; a second submit changes nothing.
 */
export async function submitApplication(
  { db, clock }: AppDeps,
  ctx: FormContext,
  userId: string,
): Promise<SubmitOutcome> {
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, userId);
    if (app?.submitted_at) return { status: 'already-submitted' as const };
    const stored = app?.answers ?? {};
    const scrubbed = { ...clearAnswers(stored, stored, ctx.form).answers };
    for (const key of invalidDateKeys(ctx.form, scrubbed)) scrubbed[key] = '';
    const now = clock.now();
    // A file question is answered by its converted (COMPLETED) document only, never by an answer value
    // a client could write: the rule set sees the documents, and file answers blanked.
    const documents = await loadDocumentAnswers(tx, userId);
    const judged = answersForJudging(ctx.form, scrubbed);
    const view: ViewState = { addAnother: app?.add_another ?? {}, tabs: app?.tabs ?? {} };
    const errors = validateAnswers(ctx.form, judged, {
      now,
      view,
      documents,
    });
    if (hasValidationErrors(errors)) throw new AppError('APPLICATION_INCOMPLETE', { errors });
    await markSubmitted(tx, userId, scrubbed, now);
    return { status: 'submitted' as const, answers: scrubbed, view, submittedAt: now };
  });
}
