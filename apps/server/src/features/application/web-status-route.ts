import type { FastifyInstance } from 'fastify';
import { webStatusBody } from '@admissions/domain/schemas';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import { addWebStatus, findApplication } from '../../core/application-repository';

/**
 * POST /api/web-status: records started or validating. 'submitted' is
 * accepted only once POST /api/submit has passed the server's own
 * validation, so the list never claims a submission that did not happen.
 */
export function webStatusRoute({ db, clock }: AppDeps) {
  return async (app: FastifyInstance) => {
    app.post('/web-status', async (req) => {
      const { userId } = sessionOf(req);
      const { web_status } = parseBody(webStatusBody, req.body);
      const submitted = (await findApplication(db, userId))?.submitted_at != null;
      if (web_status === 'submitted' && !submitted)
        throw new AppError('APPLICATION_INCOMPLETE', {
          message: 'The application has not been submitted yet.',
        });
      if (web_status !== 'submitted' && submitted) throw new AppError('APPLICATION_SUBMITTED');
      await addWebStatus(db, userId, web_status, clock.now());
      return { web_status };
    });
  };
}
