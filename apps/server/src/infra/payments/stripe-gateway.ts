import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

/** What the product asks of the payment provider; Stripe's own types, through its official SDK. */
export interface PaymentGateway {
  createCheckoutSession(
    params: Stripe.Checkout.SessionCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Checkout.Session>;
  retrieveCheckoutSession(id: string): Promise<Stripe.Checkout.Session>;
  createRefund(params: Stripe.RefundCreateParams, idempotencyKey: string): Promise<Stripe.Refund>;
  /** The event, if its signature is the provider's for this raw body at this instant; throws otherwise. */
  verifyEvent(rawBody: Buffer | string, signature: string, now: Date): Stripe.Event;
}

/**
 * Stripe, reached through its SDK at `config.apiUrl` (Stripe's own in production, the tests' stand-in on
 * loopback). The SDK retries a call that got no answer with the same idempotency key, so a retry never
 * makes a second session or refund.
 */
export function createStripeGateway(config: StripeConfig): PaymentGateway {
  const url = config.apiUrl;
  const stripe = new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    createCheckoutSession: (params, idempotencyKey) => stripe.checkout.sessions.create(params, { idempotencyKey }),
    retrieveCheckoutSession: (id) => stripe.checkout.sessions.retrieve(id),
    createRefund: (params, idempotencyKey) => stripe.refunds.create(params, { idempotencyKey }),
    // The tolerance (Stripe's default, 300 s) is judged against the product's clock (the SDK takes
    // milliseconds here), so the test clock holds.
    verifyEvent: (rawBody, signature, now) =>
      stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, 300, undefined, now.getTime()),
  };
}
