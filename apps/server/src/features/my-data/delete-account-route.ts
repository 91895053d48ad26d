import {
  ACCOUNT_SUCCESS_MESSAGES,
  CONFIRM_USERNAME_MISMATCH,
  DELETE_SUBMITTED_MESSAGE,
  normalizeEmail,
  type MessageResponse,
} from '@admissions/domain';
import { deleteAccountBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import { memberAccess } from '../../session/staff-team';
import { clearSessionCookies } from '../../session/session-cookies';
import { deleteAccount } from './delete-account';

/**
 * DELETE /api/account `{ confirm_username }`: an applicant deletes their account while the application is
 * unsubmitted, and no earlier cycle's application is held by the office (409 PAST_APPLICATION_SUBMITTED names its
 * cycle: it would go with the account), after typing its address again. Every session of the account ends with it (the rows go), and
 * this browser's cookies are cleared. An address on the staff list keeps its account: its audit trail and its
 * place on the team are the office's to end (decision 047).
 */
export function deleteAccountRoute(deps: AppDeps) {
  const secure = deps.config.publicUrl.protocol === 'https:';
  return async (app: FastifyInstance) => {
    app.delete('/account', async (req, reply): Promise<MessageResponse> => {
      const session = sessionOf(req);
      const body = parseBody(deleteAccountBody, req.body);
      if (normalizeEmail(body.confirm_username) !== normalizeEmail(session.username)) {
        throw new AppError('VALIDATION_FAILED', { errors: { confirm_username: [CONFIRM_USERNAME_MISMATCH] } });
      }
      if (await memberAccess(deps, session.accountId, session.username)) throw new AppError('ACCOUNT_IS_STAFF');
      try {
        await deleteAccount(deps, session.accountId, req.log, { refuseSubmitted: true });
      } catch (err) {
        if (err instanceof AppError && err.code === 'APPLICATION_SUBMITTED') {
          throw new AppError('APPLICATION_SUBMITTED', { message: DELETE_SUBMITTED_MESSAGE });
        }
        throw err;
      }
      req.log.info({ userId: session.accountId }, 'account deleted by its owner');
      clearSessionCookies(reply, secure);
      return { message: ACCOUNT_SUCCESS_MESSAGES.deleteAccount };
    });
  };
}
