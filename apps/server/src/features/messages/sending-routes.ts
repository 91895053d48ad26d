import type { ApplicationMessagesResponse } from '@admissions/domain';
import { messageSendBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../http/is-uuid';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { requireFreshSignIn, staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { assertStaffSeesApplication } from '../staff';
import { wakeMessagesJob } from './messages-worker';
import { automaticMails, receivedMessages } from './received-messages';
import { sendMessage, staffMessageNow, stopMessage } from './sending';

type MessageParams = { id: string };

/** The message id of the route, lower-cased; 404 for anything that is no id. */
function messageIdOf(params: MessageParams): string {
  if (!isUuid(params.id)) throw new AppError('NOT_FOUND');
  return params.id.toLowerCase();
}

/**
 * The sending side of messages to groups under /api/staff (issue 46, decision 066), behind the staff check
 * (app.ts):
 * - POST /messages/{id}/send {confirm_count, at?} and POST /messages/{id}/stop, behind the `message` right,
 *   audited (message-send, message-stop) in the transaction of their change (sending.ts);
 * - GET /applications/{id}/messages, behind `read` and the member's programs: the messages the application was
 *   sent, as the applicant reads them, and the automatic e-mails sent to its address (no code or secret link:
 *   received-messages.ts), audited (view-messages, part received) under the application.
 */
export function sendingMessageRoutes(deps: AppDeps, ctx: FormContext) {
  const message = requireRight(deps, 'message');
  const read = requireRight(deps, 'read');
  return async (app: FastifyInstance) => {
    // Sending to a group is one of the riskiest actions: a fresh sign-in (issue 44).
    const sendChecks = { preHandler: [message, requireFreshSignIn(deps)] };
    app.post<{ Params: MessageParams }>('/messages/:id/send', sendChecks, async (req) => {
      const body = parseBody(messageSendBody, req.body);
      const id = messageIdOf(req.params);
      const { sending, estimated } = await sendMessage(deps, ctx, staffAccessOf(req), staffOf(req), id, body);
      // The hand-out to the mail queue is the messages job's, a batch a transaction, not this request's.
      if (sending) await wakeMessagesJob(deps);
      return staffMessageNow(deps, ctx, id, estimated);
    });

    app.post<{ Params: MessageParams }>('/messages/:id/stop', { preHandler: message }, async (req) => {
      const id = messageIdOf(req.params);
      await stopMessage(deps, staffAccessOf(req), staffOf(req), id);
      return staffMessageNow(deps, ctx, id);
    });

    app.get<{ Params: { userId: string } }>(
      '/applications/:userId/messages',
      { preHandler: read },
      async (req, reply): Promise<ApplicationMessagesResponse> => {
        const { userId } = req.params;
        await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
        const id = userId.toLowerCase();
        const { messages, automatic } = await deps.db.transaction(async (tx) => {
          await recordStaffRead(tx, staffOf(req), id, 'view-messages', { part: 'received' }, deps.clock.now());
          return { messages: await receivedMessages(tx, id), automatic: await automaticMails(tx, id) };
        });
        reply.header('cache-control', 'no-store');
        return { messages, automatic };
      },
    );
  };
}
