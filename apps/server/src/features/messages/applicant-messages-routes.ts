import type { ReceivedMessagesResponse } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { sessionOf } from '../../session/require-session';
import { receivedMessages } from './received-messages';

/**
 * GET /api/messages (issue 46, decision 066): the messages to groups the office sent the application the session
 * has open, newest first, as each was rendered for it ("Messages" on the status page).
 */
export function applicantMessagesRoutes(deps: AppDeps, ctx: FormContext) {
  void ctx;
  return async (app: FastifyInstance) => {
    app.get('/messages', async (req, reply): Promise<ReceivedMessagesResponse> => {
      reply.header('cache-control', 'no-store');
      return { messages: await receivedMessages(deps.db, sessionOf(req).userId) };
    });
  };
}
