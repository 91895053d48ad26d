import { randomUUID } from 'node:crypto';
import type { WebhookAttempt, WebhookDelivery } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/** The delivery log's page: the newest deliveries of an endpoint. */
export const DELIVERIES_PAGE = 50;

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: WebhookDelivery['event_type'];
  application_id: string | null;
  state: WebhookDelivery['state'];
  created_at: Date;
  next_attempt_at: Date | null;
  attempts: {
    attempt: number;
    at: string;
    status_code: number | null;
    response_excerpt: string;
    duration_ms: number;
  }[];
}

/** An endpoint's newest deliveries (removed endpoints' too: their log is kept), each with its tries in order. */
export async function listDeliveries(db: Queryable, endpointId: string): Promise<WebhookDelivery[]> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT d.id, ev.event_id, ev.type AS event_type, d.application_id, s.state, d.created_at,
       CASE WHEN s.state = 'pending' THEN d.next_attempt_at END AS next_attempt_at,
       COALESCE((SELECT json_agg(json_build_object('attempt', a.attempt, 'at', a.started_at,
           'status_code', a.status_code, 'response_excerpt', a.response_excerpt, 'duration_ms', a.duration_ms)
           ORDER BY a.attempt)
         FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts
     FROM webhook_deliveries d JOIN integration_events ev ON ev.id = d.event_id
     -- A delivery of the stream ('queued') with a 2xx try has succeeded (the stream writes only its try), and so has
     -- one stopped by its endpoint's removal while its try, which succeeded, was under way.
     CROSS JOIN LATERAL (SELECT CASE WHEN d.state IN ('succeeded', 'failed') THEN d.state
         WHEN EXISTS (SELECT 1 FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.status_code BETWEEN 200 AND 299)
           THEN 'succeeded'
         ELSE 'pending' END AS state) s
     WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.event_id DESC, d.id LIMIT $2`,
    [endpointId, DELIVERIES_PAGE],
  );
  return rows.map((r) => ({
    id: r.id,
    event_id: r.event_id,
    event_type: r.event_type,
    application_id: r.application_id,
    state: r.state,
    created_at: new Date(r.created_at).toISOString(),
    next_attempt_at: r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null,
    attempts: r.attempts.map((a): WebhookAttempt => ({ ...a, at: new Date(a.at).toISOString() })),
  }));
}

/** A `webhook.test` event for one endpoint only, its delivery at the end of its stream; returns the delivery's id. */
export async function queueTestDelivery(tx: Queryable, endpointId: string, now: Date): Promise<string> {
  const deliveryId = randomUUID();
  await tx.query(
    `WITH event AS (
       INSERT INTO integration_events (event_id, type, application_id, data, created_at)
       VALUES ($1, 'webhook.test', NULL, $2, $3) RETURNING id
     )
     INSERT INTO webhook_deliveries (id, endpoint_id, event_id, application_id, state, next_attempt_at, created_at)
     SELECT $4, $5, event.id, NULL, 'queued', $3, $3 FROM event`,
    [
      `evt_${randomUUID().replaceAll('-', '')}`,
      JSON.stringify({ endpoint_id: endpointId }),
      now,
      deliveryId,
      endpointId,
    ],
  );
  return deliveryId;
}

/**
 * The same event sent again to the same endpoint as a new delivery at the end of its stream: the same event, so the
 * same webhook-id, which tells the receiver it is the one it may have had already (Standard Webhooks). Null when the
 * endpoint has no such delivery.
 */
export async function queueResend(
  tx: Queryable,
  endpointId: string,
  deliveryId: string,
  now: Date,
): Promise<string | null> {
  const id = randomUUID();
  const { rowCount } = await tx.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, application_id, state, next_attempt_at, created_at)
     SELECT $1, d.endpoint_id, d.event_id, d.application_id, 'queued', $4, $4
     FROM webhook_deliveries d WHERE d.id = $2 AND d.endpoint_id = $3`,
    [id, deliveryId, endpointId, now],
  );
  return rowCount === 1 ? id : null;
}
