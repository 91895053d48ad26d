import type { FastifyInstance } from 'fastify';
import { addAnotherBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../accounts/require-session';
import { findApplication, setAddAnother } from './application-repository';
import type { FormContext } from './form-context';

/** GET and PUT /api/add-another: how many blocks of each repeater the applicant has opened. */
export function addAnotherRoutes({ db, clock }: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.get('/add-another', async (req) => {
      const { userId } = sessionOf(req);
      return (await findApplication(db, userId))?.add_another ?? {};
    });
    app.put('/add-another', async (req) => {
      const { userId } = sessionOf(req);
      const { button_id, num_components } = parseBody(addAnotherBody, req.body);
      const repeater = ctx.repeaters.get(button_id);
      if (!repeater) throw new AppError('BAD_REQUEST', { errors: { button_id: ['There is no such repeated block.'] } });
      if (num_components < 1 || num_components > repeater.maxRepeats) {
        throw new AppError('BAD_REQUEST', {
          errors: { num_components: [`You can add at most ${repeater.maxRepeats} of these.`] },
        });
      }
      if (!(await setAddAnother(db, userId, button_id, num_components, clock.now()))) {
        throw new AppError('APPLICATION_SUBMITTED');
      }
      return { [button_id]: num_components };
    });
  };
}
