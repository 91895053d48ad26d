import type { WebhookEndpoint, WebhookEventType } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

interface EndpointRow {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  created_at: Date;
  created_by: string;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failed_count: number;
  pending_count: number;
}

const ENDPOINT_SQL = `
  SELECT e.id, e.url, e.events, e.description, e.created_at, e.created_by, e.disabled_at, e.disabled_reason,
    (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.state = 'failed') AS failed_count,
    -- Pending: waiting for a retry on the schedule, or in the stream past its cursor (not yet tried: a try is
    -- recorded only as the cursor passes it).
    (SELECT count(*)::int FROM webhook_deliveries d
      WHERE d.endpoint_id = e.id AND d.state = 'pending' AND d.next_attempt_at IS NOT NULL) +
    (SELECT count(*)::int FROM webhook_deliveries d JOIN webhook_streams s ON s.endpoint_id = d.endpoint_id
      WHERE d.endpoint_id = e.id AND d.state = 'queued'
        AND (d.xid, d.event_id, d.id) > (s.read_xid, s.read_event, s.read_id)) AS pending_count
  FROM webhook_endpoints e WHERE e.deleted_at IS NULL`;

function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    created_at: iso(row.created_at)!,
    created_by: row.created_by,
    disabled_at: iso(row.disabled_at),
    disabled_reason: row.disabled_reason,
    failed_count: row.failed_count,
    pending_count: row.pending_count,
  };
}

/** The endpoints not removed, oldest first. */
export async function listEndpoints(db: Queryable): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query<EndpointRow>(`${ENDPOINT_SQL} ORDER BY e.created_at, e.id`);
  return rows.map(endpointOf);
}

/** One endpoint not removed, or null. */
export async function findEndpoint(db: Queryable, id: string): Promise<WebhookEndpoint | null> {
  const { rows } = await db.query<EndpointRow>(`${ENDPOINT_SQL} AND e.id = $1`, [id]);
  return rows[0] ? endpointOf(rows[0]) : null;
}

export interface NewEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  secretSealed: string;
  createdBy: string;
}

/** A new endpoint; its stream (webhook_streams) comes with it (migration 148's trigger). */
export async function insertEndpoint(tx: Queryable, endpoint: NewEndpoint, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_endpoints (id, url, events, description, secret_sealed, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [endpoint.id, endpoint.url, endpoint.events, endpoint.description, endpoint.secretSealed, endpoint.createdBy, now],
  );
}

/**
 * Stops what an endpoint still had to send: its pending deliveries, and those of its stream not yet sent, keep their
 * place in the log as pending, with no next try. (A delivery of the stream with a 2xx try has succeeded.)
 */
export async function stopPendingDeliveries(tx: Queryable, endpointId: string): Promise<void> {
  await tx.query(
    `UPDATE webhook_deliveries d SET state = 'pending', next_attempt_at = NULL
     WHERE d.endpoint_id = $1 AND (d.state = 'pending' OR (d.state = 'queued' AND NOT EXISTS (
       SELECT 1 FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.status_code BETWEEN 200 AND 299)))`,
    [endpointId],
  );
}

/** Removes an endpoint (kept for its log); false when there is none. */
export async function removeEndpoint(tx: Queryable, id: string, now: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    'UPDATE webhook_endpoints SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL',
    [id, now],
  );
  if (rowCount === 0) return false;
  await stopPendingDeliveries(tx, id);
  return true;
}

/** Disables an endpoint that answered 410 Gone: nothing more is sent to it. */
export async function disableEndpoint(tx: Queryable, id: string, reason: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE webhook_endpoints SET disabled_at = $2, disabled_reason = $3 WHERE id = $1 AND disabled_at IS NULL`,
    [id, now, reason],
  );
  await stopPendingDeliveries(tx, id);
}
