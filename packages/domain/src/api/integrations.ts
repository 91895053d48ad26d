/**
 * Integration with the campus systems (issue 45, decision 068): API tokens, signed webhooks and scheduled exports,
 * as the console's /staff/integrations manages them. The read API's own contracts (what /api/v1 answers) are
 * schemas/api-v1.ts, from which its OpenAPI document is generated.
 */

/** What an API token may do. A call outside its scopes is 403 API_SCOPE_MISSING. */
export const API_TOKEN_SCOPES = [
  'applications:read',
  'decisions:read',
  'documents:read',
  'external-ids:write',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** An API token as the console lists it: never its secret. */
export interface ApiToken {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  /** Program codes the token is limited to; null for every program. */
  programs: string[] | null;
  /** The first characters of the secret, so IT can tell tokens apart in their own configuration. */
  prefix: string;
  created_at: string;
  created_by: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** POST /api/staff/api-tokens: the token, with its secret shown this once (the product keeps only its hash). */
export interface CreatedApiToken extends ApiToken {
  secret: string;
}

export interface ApiTokensResponse {
  tokens: ApiToken[];
}

/** The events a webhook endpoint can subscribe to. No event carries anything provisional or any document's contents. */
export const WEBHOOK_EVENT_TYPES = [
  'application.submitted',
  'application.completed',
  'decision.released',
  'offer.responded',
  'application.withdrawn',
  'external_id.set',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A webhook endpoint as the console lists it: never its signing secret. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  created_at: string;
  created_by: string;
  /** Set when a 410 Gone (or the office) disabled it; nothing more is sent to it. */
  disabled_at: string | null;
  disabled_reason: string | null;
  /** Deliveries that gave up after every retry. */
  failed_count: number;
  pending_count: number;
}

/** POST /api/staff/webhooks: the endpoint, with its signing secret (`whsec_…`) shown this once. */
export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

export interface WebhookEndpointsResponse {
  endpoints: WebhookEndpoint[];
}

/** One try of a delivery. */
export interface WebhookAttempt {
  attempt: number;
  at: string;
  /** The receiver's HTTP status; null when no answer came (refused, timed out, address refused). */
  status_code: number | null;
  /** The first few hundred bytes of the answer, or what went wrong. */
  response_excerpt: string;
  duration_ms: number;
}

export type WebhookDeliveryState = 'pending' | 'succeeded' | 'failed';

/** One event sent to one endpoint, with its tries. */
export interface WebhookDelivery {
  id: string;
  event_id: string;
  event_type: WebhookEventType | 'webhook.test';
  application_id: string | null;
  state: WebhookDeliveryState;
  created_at: string;
  next_attempt_at: string | null;
  attempts: WebhookAttempt[];
}

/** GET /api/staff/webhooks/{id}/deliveries: the newest first. */
export interface WebhookDeliveriesResponse {
  deliveries: WebhookDelivery[];
}

/** POST /api/staff/webhooks/{id}/test and .../deliveries/{delivery_id}/resend (202): the delivery queued, due now. */
export interface WebhookDeliveryQueued {
  delivery_id: string;
}

/** One run of a scheduled export. */
export interface ExportRun {
  id: string;
  /** The day it is for, in the institution's zone (the file's name carries it). */
  date: string;
  started_at: string;
  finished_at: string | null;
  state: 'running' | 'succeeded' | 'failed';
  file_name: string;
  rows: number | null;
  attempts: number;
  error: string | null;
  /** `schedule` or the member who ran it now. */
  started_by: string;
  /** When a failed run is tried again; null when it is not (succeeded, running, or out of tries). */
  next_attempt_at: string | null;
}

/** An export of the tenant file, as the console shows it (its destination without any secret). */
export interface ExportSummary {
  name: string;
  /** Local time of day in the institution's zone, e.g. "02:30". */
  at: string;
  /** sftp://user@host:port/path/ or s3://bucket/prefix/. */
  destination: string;
  columns: string[];
  next_run_at: string;
  runs: ExportRun[];
}

export interface ExportsResponse {
  exports: ExportSummary[];
}
