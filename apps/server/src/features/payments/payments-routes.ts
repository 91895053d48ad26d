import { checkoutBody, paymentConfirmBody, waiverRequestBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import type { PaymentGateway } from '../../infra/payments/stripe-gateway';
import { sessionOf } from '../../session/require-session';
import { checkoutUrl } from './checkout';
import { paymentsResponse } from './payments-response';
import { providerCall } from './provider-call';
import { settleSession } from './settle-session';
import { requestWaiver } from './waiver-request';

/**
 * The applicant's payment calls (issue 43), on the application the session has open. Without a provider
 * (no STRIPE_SECRET_KEY) checkout is refused with PAYMENTS_OFFLINE and the pages say how to pay by check.
 */
export function paymentsRoutes(deps: AppDeps, gateway: PaymentGateway | null) {
  return async (app: FastifyInstance) => {
    app.get('/payments', async (req) => paymentsResponse(deps, sessionOf(req).userId));

    app.post('/payments/checkout', async (req) => {
      const { purpose } = parseBody(checkoutBody, req.body);
      if (!gateway) throw new AppError('PAYMENTS_OFFLINE');
      const session = sessionOf(req);
      return { url: await checkoutUrl(deps, gateway, { userId: session.userId, email: session.username }, purpose) };
    });

    // The return from the provider's page: its URL proves nothing, so the session is read back from the provider.
    app.post('/payments/confirm', async (req) => {
      const { session_id } = parseBody(paymentConfirmBody, req.body);
      if (!gateway) throw new AppError('PAYMENTS_OFFLINE');
      const { accountId } = sessionOf(req);
      const { rows } = await deps.db.query<{ user_id: string }>(
        `SELECT p.user_id FROM payments p JOIN users u ON u.id = p.user_id
         WHERE p.provider_session_id = $1 AND COALESCE(u.application_of, u.id) = $2`,
        [session_id, accountId],
      );
      const known = rows[0];
      const checkout = await providerCall(() => gateway.retrieveCheckoutSession(session_id)).catch((err: unknown) => {
        if ((err as { statusCode?: number }).statusCode === 404) throw new AppError('PAYMENT_SESSION_UNKNOWN');
        throw err;
      });
      const applicationId = checkout.metadata?.application_id ?? checkout.client_reference_id ?? '';
      // A session of another account's application, or of none of ours, is not this applicant's to confirm.
      if (!known && !(await ownsApplication(deps, accountId, applicationId)))
        throw new AppError('PAYMENT_SESSION_UNKNOWN');
      const userId = known?.user_id ?? applicationId;
      await deps.db.transaction(async (tx) => {
        await settleSession(deps, tx, checkout);
      });
      return paymentsResponse(deps, userId);
    });

    app.post('/payments/waiver-request', async (req, reply) => {
      const body = parseBody(waiverRequestBody, req.body);
      const { userId } = sessionOf(req);
      await requestWaiver(deps, userId, body);
      return reply.code(201).send(await paymentsResponse(deps, userId));
    });
  };
}

async function ownsApplication(deps: AppDeps, accountId: string, applicationId: string): Promise<boolean> {
  const { rows } = await deps.db.query(
    'SELECT 1 FROM users WHERE id::text = $1 AND COALESCE(application_of, id) = $2',
    [applicationId, accountId],
  );
  return rows.length > 0;
}
