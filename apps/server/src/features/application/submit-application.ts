import {
  clearAnswers,
  deadlineOf,
  formatInZone,
  hasValidationErrors,
  invalidDateKeys,
  keptBasisOf,
  programLabelOf,
  submissionTiming,
  validateAnswers,
  type Answers,
  type DocumentAnswer,
  type ViewState,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { answersForJudging, loadDocumentAnswers } from '../documents';
import { lockApplication, markSubmitted } from '../../core/application-repository';
import { recordIntegrationEvent } from '../../core/integration-events';
import type { FormContext } from '../../core/form-context';
import type { Queryable } from '../../infra/db/db';

export interface Submission {
  answers: Answers;
  view: ViewState;
  submittedAt: Date;
  /** Arrived in the program's grace window: accepted, and marked late for the office. */
  late: boolean;
  documents: Record<string, DocumentAnswer>;
}

export type SubmitOutcome = ({ status: 'submitted' } & Submission) | { status: 'already-submitted' };

/**
 * The server's own decision on a submission. Under a row lock it scrubs the
 * stored answers (hidden questions, invalid dates), judges the request's
 * arrival against the program's deadline, runs the same rule set the browser
 * runs, and only then marks the application submitted; `inTransaction` runs
 * before the commit (the receipt is queued there). An incomplete or closed
 * application changes nothing; a second submit changes nothing.
 */
export async function submitApplication(
  { db, clock, config }: AppDeps,
  ctx: FormContext,
  userId: string,
  arrivedAt: Date,
  inTransaction: (tx: Queryable, submission: Submission) => Promise<void> = async () => {},
): Promise<SubmitOutcome> {
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, userId);
    if (app?.submitted_at) return { status: 'already-submitted' as const };
    const stored = app?.answers ?? {};
    const scrubbed = { ...clearAnswers(stored, stored, ctx.form).answers };
    for (const key of invalidDateKeys(ctx.form, scrubbed)) scrubbed[key] = '';
    const program = scrubbed.applied_major ?? '';
    const deadline = deadlineOf(config.tenant, program);
    // Judged by when the request arrived, never by when its turn at the database came (issue 29).
    const timing = submissionTiming(deadline, arrivedAt);
    if (timing === 'closed' && deadline) {
      throw new AppError('DEADLINE_PASSED', {
        message: `The deadline for ${programLabelOf(config.tenant, program)} was ${formatInZone(deadline.deadline, config.tenant.time_zone)}, so the application can no longer be submitted.`,
      });
    }
    // A file question is answered by its converted (COMPLETED) document only, never by an answer value
    // a client could write: the rule set sees the documents, and file answers blanked.
    const documents = await loadDocumentAnswers(tx, userId);
    const judged = answersForJudging(ctx.form, scrubbed);
    const view: ViewState = { addAnother: app?.add_another ?? {}, tabs: app?.tabs ?? {} };
    const errors = validateAnswers(ctx.form, judged, { now: clock.now(), view, documents });
    if (hasValidationErrors(errors)) throw new AppError('APPLICATION_INCOMPLETE', { errors });
    const late = timing === 'late';
    await markSubmitted(tx, userId, scrubbed, arrivedAt, keptBasisOf(config.tenant), late);
    // The campus systems hear of it (issue 45) in the same transaction: a submission is never lost nor announced unmade.
    await recordIntegrationEvent(
      tx,
      {
        type: 'application.submitted',
        applicationId: userId,
        data: { submitted_at: arrivedAt.toISOString(), program, term: scrubbed.entry_term ?? '', late },
      },
      clock.now(),
    );
    const submission = { answers: scrubbed, view, submittedAt: arrivedAt, late, documents };
    await inTransaction(tx, submission);
    return { status: 'submitted' as const, ...submission };
  });
}
