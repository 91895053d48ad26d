import type Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import '../../http/form-body';
import { AppError } from '../../http/app-error';
import type { PaymentGateway } from '../../infra/payments/stripe-gateway';
import { settleNow, storeEvent } from './payment-events';

export const PAYMENTS_WEBHOOK_PATH = '/api/payments/webhook';

/** A provider's event is a few kilobytes; a body past this is no event of theirs. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /api/payments/webhook (issue 43): the provider's signed events, verified by the SDK against
 * STRIPE_WEBHOOK_SECRET on the raw body, stored once by their id and answered at once (Stripe's advice: a 2xx
 * before any work), then applied by the settling work (payment-events.ts), which commits each event's effect with
 * its `processed_at`. The same event delivered twice, or to two processes, is stored and applied once. A bad
 * signature is 400 and stores nothing; an event of another kind is acknowledged.
 */
export function paymentsWebhookRoute(deps: AppDeps, gateway: PaymentGateway) {
  return async (app: FastifyInstance) => {
    // The signature is over the exact bytes sent, so this route alone reads its body raw.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    app.post(PAYMENTS_WEBHOOK_PATH, { config: { providerSigned: true } }, async (req) => {
      const signature = req.headers['stripe-signature'];
      if (!Buffer.isBuffer(req.body) || typeof signature !== 'string') throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      let event: Stripe.Event;
      try {
        event = gateway.verifyEvent(req.body, signature, deps.clock.now());
      } catch {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const stored = await storeEvent(deps.db, event, deps.clock.now());
      req.log.info({ event: event.id, type: event.type, stored }, 'payment event');
      // Settled just after the answer, in this process; the minute's job settles what a stopped process left.
      if (stored)
        void settleNow(deps, req.log).catch((err: unknown) => req.log.error({ err }, 'payment events not settled'));
      return { received: true };
    });
  };
}
