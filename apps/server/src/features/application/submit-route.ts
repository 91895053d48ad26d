import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { sessionOf } from '../../session/require-session';
import type { FormContext } from '../../core/form-context';
import { enqueueMail, submissionMail } from '../mail';
import { loadDocumentAnswers } from '../documents';
import { requestAllOnSubmission } from '../recommendations';
import { submitApplication } from './submit-application';

export const SUBMITTED_MESSAGE = 'Your application was successfully submitted.';

/** POST /api/submit: final submission, decided by the server's own validation. */
export function submitRoute(deps: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.post('/submit', async (req) => {
      const session = sessionOf(req);
      const outcome = await submitApplication(deps, ctx, session.userId);
      if (outcome.status === 'submitted') {
        // After the commit: queued, so a relay that is down delays the mail but never undoes or fails the submission.
        const documents = await loadDocumentAnswers(deps.db, session.userId);
        await enqueueMail(deps, {
          kind: 'message',
          message: submissionMail(deps.config, ctx.form, session.username, { ...outcome, documents }),
        }).catch((err: unknown) => req.log.error({ err }, 'submission confirmation e-mail could not be queued'));
        // At the latest now, every recommender named is asked for a letter.
        await requestAllOnSubmission(deps, ctx, session.userId, req.log).catch((err: unknown) =>
          req.log.error({ err }, 'letter requests could not be sent at submission'),
        );
      }
      return { message: SUBMITTED_MESSAGE };
    });
  };
}
