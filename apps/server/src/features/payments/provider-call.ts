import { AppError } from '../../http/app-error';

/**
 * A call to the payment provider. A provider that does not answer (or answers 5xx) is a 503 the applicant can
 * retry (nothing was charged: no session was handed out); the provider's own 4xx is a defect of ours and stays
 * a 500 with its log line.
 */
export async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const e = err as { type?: string; statusCode?: number };
    if (e.type === 'StripeConnectionError' || e.type === 'StripeAPIError' || (e.statusCode ?? 0) >= 500)
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    throw err;
  }
}
