import type { FastifyInstance } from 'fastify';
import { type RemoveRepeatBlockResponse } from '@admissions/domain';
import { addAnotherBody } from '@admissions/domain/schemas';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import { documentShift } from '../documents';
import { findApplication } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';
import { removeRepeatBlock, setRepeatBlockCount } from './repeat-blocks';

const removeParams = z.strictObject({ button_id: z.string().max(100), number: z.coerce.number().int() });

/**
 * GET and PUT /api/add-another: how many blocks of each repeater the
 * applicant has opened; DELETE /api/add-another/{button_id}/{number} removes
 * one block (see RemoveRepeatBlockResponse).
 */
export function addAnotherRoutes(deps: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.get('/add-another', async (req) => {
      const { userId } = sessionOf(req);
      return (await findApplication(deps.db, userId))?.add_another ?? {};
    });
    app.put('/add-another', async (req) => {
      const { userId } = sessionOf(req);
      const { button_id, num_components } = parseBody(addAnotherBody, req.body);
      const shift = documentShift();
      if (!(await setRepeatBlockCount(deps, ctx, userId, button_id, num_components, shift.inTransaction))) {
        throw new AppError('APPLICATION_SUBMITTED');
      }
      await shift.afterCommit(deps.storage, req.log);
      return { [button_id]: num_components };
    });
    app.delete('/add-another/:button_id/:number', async (req): Promise<RemoveRepeatBlockResponse> => {
      const { userId } = sessionOf(req);
      const { button_id, number } = parseBody(removeParams, req.params);
      const shift = documentShift();
      const removed = await removeRepeatBlock(deps, ctx, userId, button_id, number, shift.inTransaction);
      await shift.afterCommit(deps.storage, req.log);
      return { add_another: { [button_id]: removed.count }, answer: removed.answers, tabs: removed.tabs };
    });
  };
}
