import type { FastifyInstance } from 'fastify';
import { lastPageBody } from '@admissions/domain/schemas';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import { setLastPage } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';

/** PUT /api/last-page: the form page to bring the applicant back to. */
export function lastPageRoute({ db, clock }: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.put('/last-page', async (req) => {
      const { userId } = sessionOf(req);
      const { last_page } = parseBody(lastPageBody, req.body);
      if (!ctx.pagePaths.has(last_page)) {
        throw new AppError('BAD_REQUEST', { errors: { last_page: ['This is not a page of the application.'] } });
      }
      if (!(await setLastPage(db, userId, last_page, clock.now()))) throw new AppError('APPLICATION_SUBMITTED');
      return { last_page };
    });
  };
}
