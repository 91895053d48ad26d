import type Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { PaymentGateway } from '../../infra/payments/stripe-gateway';
import { recordFeeChange } from '../staff';
import { applyChargeRefunded } from './refund-ledger';
import { settleSession } from './settle-session';

export const PAYMENTS_WEBHOOK_PATH = '/api/payments/webhook';

/** A provider's event is a few kilobytes; a body past this is no event of theirs. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route authenticates by the provider's signature of its raw body: no browser can forge it. */
    providerSigned?: boolean;
  }
}

/**
 * POST /api/payments/webhook (issue 43): the provider's signed events, verified by the SDK against
 * STRIPE_WEBHOOK_SECRET on the raw body. Each event is handled once: its id is recorded in the same
 * transaction as its effect, so the same event delivered twice (or by two processes at once) changes nothing
 * the second time. A bad signature is 400 and changes nothing; an event of another kind is acknowledged.
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
      const handled = await handleOnce(deps, event);
      req.log.info({ event: event.id, type: event.type, handled }, 'payment event');
      return { received: true };
    });
  };
}

async function handleOnce(deps: AppDeps, event: Stripe.Event): Promise<'handled' | 'duplicate' | 'ignored'> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      'INSERT INTO payment_events (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
      [event.id, event.type, now],
    );
    if (rowCount !== 1) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.expired':
        await settleSession(deps, tx, event.data.object);
        return 'handled';
      case 'charge.refunded': {
        // The applicant was written to when the office sent the refund (refunds.ts).
        const userId = await applyChargeRefunded(tx, event.data.object, now);
        if (userId) await recordFeeChange(tx, deps, userId, { refund: event.id, by: 'provider' });
        return 'handled';
      }
      default:
        return 'ignored';
    }
  });
}
