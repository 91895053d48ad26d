import type { CheckoutResponse, PaymentPurpose, PaymentsResponse } from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STATUS_QUERY_KEY } from '../../../lib/status-query-key';
import { useMutation } from '../../../lib/use-mutation';

/** The applicant's fees and payments (issue 43): GET /api/payments and what changes them. */
export const PAYMENTS_PATH = '/api/payments';
export const paymentsQueryKey = ['payments'] as const;

/**
 * GET /api/payments: the open application's fees, payments and waiver request. Asked only where the tenant has
 * fees (`enabled`), and again on every visit: a payment confirmed by the provider's webhook changes it unseen.
 */
export function usePayments(enabled: boolean) {
  return useQuery({
    queryKey: paymentsQueryKey,
    queryFn: () => api.get<PaymentsResponse>(PAYMENTS_PATH),
    enabled,
    refetchOnMount: 'always',
    throwOnError: false,
  });
}

/** POST /api/payments/checkout: the provider's hosted page for this fee, where the browser goes next. */
export function startCheckout(purpose: PaymentPurpose): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>(`${PAYMENTS_PATH}/checkout`, { purpose });
}

/** The fees as the server now tells them, and the checklist (its fee item) asked again. */
function useSetPayments() {
  const queryClient = useQueryClient();
  return async (payments: PaymentsResponse) => {
    queryClient.setQueryData(paymentsQueryKey, payments);
    await queryClient.invalidateQueries({ queryKey: STATUS_QUERY_KEY });
  };
}

/**
 * POST /api/payments/confirm: on the return from the provider's page, the server reads that session back from the
 * provider. Only its answer says whether the fee is paid; the return address's own parameters prove nothing.
 */
export function useConfirmPayment() {
  const setPayments = useSetPayments();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.post<PaymentsResponse>(`${PAYMENTS_PATH}/confirm`, { session_id: sessionId }),
    onSuccess: setPayments,
  });
}

/** POST /api/payments/waiver-request: asks the office to waive the application fee, before paying. */
export function useRequestWaiver() {
  const setPayments = useSetPayments();
  return useMutation({
    mutationFn: (body: { criterion: string; statement: string }) =>
      api.post<PaymentsResponse>(`${PAYMENTS_PATH}/waiver-request`, body),
    onSuccess: setPayments,
  });
}
