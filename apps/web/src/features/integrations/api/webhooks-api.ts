import type {
  CreatedWebhookEndpoint,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointsResponse,
  WebhookEventType,
} from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refusalInPage } from './api-tokens-api';

/**
 * The webhook endpoints the product signs and sends its events to (issue 45), with each one's delivery log: added
 * (the signing secret answered this once), tested, removed, and a delivery sent again.
 */
const enc = encodeURIComponent;
export const WEBHOOKS_PATH = '/api/staff/webhooks';
const endpointPath = (id: string) => `${WEBHOOKS_PATH}/${enc(id)}`;

export const webhooksKey = ['staff', 'integrations', 'webhooks'] as const;
export const deliveriesKey = (endpointId: string) => [...webhooksKey, endpointId, 'deliveries'] as const;

/**
 * While a delivery is due (never tried yet, or its next try within the minute), its log is asked again this often,
 * so its attempts show as they come; one whose next try is hours away (the back-off) only every half minute. A
 * delivery not yet tried counts as due whatever its time says: its time is the server's, which the browser's clock
 * need not match (a test moves the server's; a laptop's may be off).
 */
export const DELIVERIES_REFRESH_MS = 2000;
const DELIVERIES_WAITING_REFRESH_MS = 30_000;

function refreshOf(deliveries: WebhookDelivery[] | undefined, now = Date.now()): number | false {
  const pending = (deliveries ?? []).filter((d) => d.state === 'pending');
  if (pending.length === 0) return false;
  const dueSoon = pending.some(
    (d) => d.next_attempt_at === null || d.attempts.length === 0 || Date.parse(d.next_attempt_at) - now < 60_000,
  );
  return dueSoon ? DELIVERIES_REFRESH_MS : DELIVERIES_WAITING_REFRESH_MS;
}

/** GET /api/staff/webhooks. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: () => api.get<WebhookEndpointsResponse>(WEBHOOKS_PATH),
    ...refusalInPage,
  });
}

export interface WebhookEndpointDraft {
  url: string;
  events: WebhookEventType[];
  description?: string;
}

/** POST /api/staff/webhooks: the endpoint with its signing secret (the list never shows it). */
export function useAddWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: WebhookEndpointDraft) => api.post<CreatedWebhookEndpoint>(WEBHOOKS_PATH, draft),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** DELETE /api/staff/webhooks/{id}: nothing more is sent to it. */
export function useRemoveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => api.delete<unknown>(endpointPath(endpoint.id)),
    // Not awaited: the dialog closes (and gives focus on) before the list, redrawn, takes its card away.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** POST /api/staff/webhooks/{id}/test: a `webhook.test` event, delivered (and logged) as any other. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => api.post<unknown>(`${endpointPath(endpoint.id)}/test`),
    onSuccess: (_answer, endpoint) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveriesKey(endpoint.id) }),
        queryClient.invalidateQueries({ queryKey: webhooksKey, exact: true }),
      ]),
  });
}

/** GET /api/staff/webhooks/{id}/deliveries: newest first, asked again while one of them is pending. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: () => api.get<WebhookDeliveriesResponse>(`${endpointPath(endpointId)}/deliveries`),
    refetchInterval: (query) => refreshOf(query.state.data?.deliveries),
    ...refusalInPage,
  });
}

/** POST /api/staff/webhooks/{id}/deliveries/{delivery_id}/resend: the same event (same webhook-id) sent again. */
export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<unknown>(`${endpointPath(endpointId)}/deliveries/${enc(deliveryId)}/resend`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
        queryClient.invalidateQueries({ queryKey: webhooksKey, exact: true }),
      ]),
  });
}
