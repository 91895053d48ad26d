import type {
  OfflinePaymentMethod,
  PaymentPurpose,
  PaymentState,
  StaffApplicationPaymentsResponse,
  StaffPaymentsResponse,
} from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UnauthorizedError } from '../../../lib/api-errors';
import { useMutation } from '../../../lib/use-mutation';

/**
 * The office's side of the money (issue 43), for members with the `payments` right: the payments list with its
 * CSV, and one application's panel (its fees, payments, waiver request) with what the office does there.
 */
const enc = encodeURIComponent;

/** A refusal (403 without the right, 404 outside the member's programs) is shown in the page, by its code. */
const refusalInPage = {
  throwOnError: (error: Error) => !(error instanceof UnauthorizedError) && !('status' in error),
  staleTime: 0,
  refetchOnMount: 'always' as const,
};

/** GET /api/staff/payments: from and to are local dates (YYYY-MM-DD) in the institution's zone, both included. */
export interface PaymentsFilters {
  from?: string;
  to?: string;
  state?: PaymentState;
}

export function paymentsQueryString(filters: PaymentsFilters, format?: 'csv'): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.state) params.set('state', filters.state);
  if (format) params.set('format', format);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The same list as a CSV file, for reconciliation. */
export const paymentsCsvUrl = (filters: PaymentsFilters) => `/api/staff/payments${paymentsQueryString(filters, 'csv')}`;

export function useOfficePayments(filters: PaymentsFilters) {
  return useQuery({
    queryKey: ['staff', 'payments', filters],
    queryFn: () => api.get<StaffPaymentsResponse>(`/api/staff/payments${paymentsQueryString(filters)}`),
    placeholderData: (previous) => previous,
    ...refusalInPage,
  });
}

export const applicationPaymentsPath = (userId: string) => `/api/staff/applications/${enc(userId)}/payments`;
export const applicationPaymentsKey = (userId: string) => ['staff', 'application', userId, 'payments'] as const;

/** GET /api/staff/applications/{id}/payments: the panel on the application's page. */
export function useApplicationPayments(userId: string, enabled = true) {
  return useQuery({
    queryKey: applicationPaymentsKey(userId),
    queryFn: () => api.get<StaffApplicationPaymentsResponse>(applicationPaymentsPath(userId)),
    enabled,
    ...refusalInPage,
  });
}

export interface OfflinePaymentBody {
  /** Minor units (7500 is $75.00). */
  amount: number;
  method: OfflinePaymentMethod;
  reference: string;
  /** YYYY-MM-DD. */
  received_on: string;
  purpose?: PaymentPurpose;
}

/** Every write answers the panel as it now stands: it replaces the panel's data, and the checklist is asked again. */
function usePanelWrite<V>(userId: string, call: (body: V) => Promise<StaffApplicationPaymentsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (panel) => {
      queryClient.setQueryData(applicationPaymentsKey(userId), panel);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'application', userId], exact: true });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'payments'] });
    },
  });
}

/** POST /api/staff/applications/{id}/payments: a payment the office received itself (a check, cash). */
export function useRecordPayment(userId: string) {
  return usePanelWrite(userId, (body: OfflinePaymentBody) =>
    api.post<StaffApplicationPaymentsResponse>(applicationPaymentsPath(userId), body),
  );
}

/** PUT /api/staff/applications/{id}/fee-waiver: the office's answer to the applicant's waiver request. */
export function useDecideWaiver(userId: string) {
  return usePanelWrite(userId, (body: { decision: 'approve' | 'deny'; note?: string }) =>
    api.put<StaffApplicationPaymentsResponse>(`/api/staff/applications/${enc(userId)}/fee-waiver`, body),
  );
}

/** POST /api/staff/payments/{payment_id}/refunds: a refund of part or all of what is left of a paid payment. */
export function useRefund(userId: string) {
  return usePanelWrite(userId, ({ paymentId, ...body }: { paymentId: string; amount: number; reason: string }) =>
    api.post<StaffApplicationPaymentsResponse>(`/api/staff/payments/${enc(paymentId)}/refunds`, body),
  );
}
