import type { FastifyInstance } from 'fastify';
import { validationsBody } from '@admissions/domain/schemas';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import { saveValidationErrors } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';

/** POST /api/validations: the latest errors the applicant was shown, kept for staff. */
export function validationsRoute({ db, clock }: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.post('/validations', async (req) => {
      const { userId } = sessionOf(req);
      const { errors } = parseBody(validationsBody, req.body);
      const unknown = Object.keys(errors).filter((k) => !ctx.maxLengths.has(k));
      if (unknown.length > 0) {
        throw new AppError('UNKNOWN_ANSWER_KEY', {
          errors: Object.fromEntries(unknown.map((k) => [k, ['This question is not part of the application.']])),
        });
      }
      if (!(await saveValidationErrors(db, userId, errors, clock.now()))) throw new AppError('APPLICATION_SUBMITTED');
      return { message: 'Validation results saved.' };
    });
  };
}
