import type { AppDeps } from '../../app-deps';
import { createStripeGateway, type PaymentGateway } from '../../infra/payments/stripe-gateway';

const gateways = new WeakMap<AppDeps, PaymentGateway>();

/** The provider's client for this app, made once; null without STRIPE_SECRET_KEY (payments recorded by the office). */
export function paymentGatewayOf(deps: AppDeps): PaymentGateway | null {
  if (!deps.config.stripe) return null;
  let gateway = gateways.get(deps);
  if (!gateway) {
    gateway = createStripeGateway(deps.config.stripe);
    gateways.set(deps, gateway);
  }
  return gateway;
}
