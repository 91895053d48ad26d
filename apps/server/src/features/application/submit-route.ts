import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { sessionOf } from '../../session/require-session';
import type { FormContext } from '../../core/form-context';
import { arrivalOf } from '../../http/arrival-time';
import { enqueueMailIn, mailQueueReady, submissionMail } from '../mail';
import { requestAllOnSubmission } from '../recommendations';
import { submitApplication } from './submit-application';

export const SUBMITTED_MESSAGE = 'Your application was successfully submitted.';

/** What happens once an application is submitted and its receipt queued: the composition root's (its PDF copy is drawn). */
export type OnSubmitted = (owner: { userId: string; username: string }, log: FastifyBaseLogger) => void;

/** POST /api/submit: final submission, decided by the server's own validation and the program's deadline. */
export function submitRoute(deps: AppDeps, ctx: FormContext, onSubmitted: OnSubmitted = () => undefined) {
  return async (app: FastifyInstance) => {
    app.post('/submit', async (req) => {
      const session = sessionOf(req);
      const arrivedAt = arrivalOf(req);
      await mailQueueReady(deps);
      // The receipt is queued in the submission's own transaction: a submit the server acknowledged
      // always has its receipt, and a refused or rolled-back one never has one.
      const outcome = await submitApplication(deps, ctx, session.userId, arrivedAt, (tx, submission) =>
        enqueueMailIn(deps, tx, {
          kind: 'message',
          message: submissionMail(deps.config, ctx.form, session.username, submission),
        }),
      );
      if (outcome.status === 'submitted') {
        onSubmitted(session, req.log);
        // At the latest now, every recommender named is asked for a letter.
        await requestAllOnSubmission(deps, ctx, session.userId, req.log).catch((err: unknown) =>
          req.log.error({ err }, 'letter requests could not be sent at submission'),
        );
      }
      return { message: SUBMITTED_MESSAGE };
    });
  };
}
