-- Integration with the campus systems (issue 45; docs/decisions/068-integration.md): API tokens, the campus IDs
-- written back, the events the webhooks send, and the webhook endpoints with their delivery log.

-- An API token. Only a keyed hash of its secret is kept (shown once at creation); `prefix` is its first characters,
-- so IT can tell tokens apart. `programs` NULL: every program. A revoked or expired token is refused at its next call.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  scopes text[] NOT NULL,
  programs text[],
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- The student-record system's own IDs of an application (`system`: 'banner', 'colleague', ...), written back by
-- PUT /api/v1/applications/{id}/external-ids/{system}.
CREATE TABLE application_external_ids (
  application_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  system text NOT NULL,
  external_id text NOT NULL,
  set_at timestamptz NOT NULL,
  set_by text NOT NULL,
  PRIMARY KEY (application_id, system)
);

-- The events integrations hear of, written in the same transaction as the change that caused them (so a crash
-- loses none). `id` orders them; `event_id` is the webhook-id receivers deduplicate on. `data` never holds anything
-- provisional or any document's contents. `application_id` is not a foreign key: the event outlives the account.
CREATE TABLE integration_events (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL UNIQUE,
  type text NOT NULL,
  application_id uuid,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL
);

-- A webhook endpoint. The signing secret must be read back to sign, so it is sealed (AES-256-GCM under a key
-- derived from the server's secret key), never stored in the clear. `deleted_at`: removed, kept for its log.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY,
  url text NOT NULL,
  events text[] NOT NULL,
  description text,
  secret_sealed text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  disabled_at timestamptz,
  disabled_reason text,
  deleted_at timestamptz
);

-- One event to one endpoint. Made with the event (same transaction) for every endpoint subscribed to it.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES integration_events (id) ON DELETE CASCADE,
  application_id uuid,
  state text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);
-- In order per application: an endpoint's delivery waits for the earlier ones of its application.
CREATE INDEX webhook_deliveries_order ON webhook_deliveries (endpoint_id, application_id, event_id) WHERE state = 'pending';

-- Each try of a delivery: when, the status code, the first bytes of the answer, how long it took.
CREATE TABLE webhook_attempts (
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  status_code integer,
  response_excerpt text NOT NULL,
  duration_ms integer NOT NULL,
  PRIMARY KEY (delivery_id, attempt)
);
