import type { AppDeps } from '../../app-deps';
import { paymentsResponse } from './payments-response';

/**
 * The application's fees, payments and fee waiver request for "Download my data" (issue 43): amounts,
 * states, the provider's reference and when. There is no card data to leave out: the product never had any.
 */
export async function paymentsForMyData(deps: AppDeps, userId: string) {
  const { fees, payments, waiver_request } = await paymentsResponse(deps, userId);
  return { fees, payments, fee_waiver_request: waiver_request };
}
