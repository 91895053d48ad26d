import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@admissions/domain';
import type { Queryable } from '../infra/db/db';

/** An event for the integrations (issue 45): what happened to which application, with facts safe to send anywhere. */
export interface IntegrationEvent {
  type: WebhookEventType;
  applicationId: string;
  /** Merged into the body's `data` after `application_id`. Never anything provisional or a document's contents. */
  data?: Record<string, unknown>;
}

/**
 * Records an event in the caller's transaction, the one that made the change (so a crash loses nothing), with a
 * delivery for every enabled webhook endpoint subscribed to its type, at the end of that endpoint's stream. The
 * webhooks feature's worker sends them; it reads the streams every few seconds, so the caller need do nothing after
 * its commit.
 */
export async function recordIntegrationEvent(tx: Queryable, event: IntegrationEvent, now: Date): Promise<void> {
  await recordIntegrationEvents(tx, [event], now);
}

/**
 * Records many events in one statement (a release's batch, the offers declined by default), in their order: the
 * events' ids follow it, and the deliveries of one application go out in that order.
 */
export async function recordIntegrationEvents(
  tx: Queryable,
  events: readonly IntegrationEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event, ord) => ({
    ord,
    event_id: `evt_${randomUUID().replaceAll('-', '')}`,
    type: event.type,
    application_id: event.applicationId,
    data: { application_id: event.applicationId, ...event.data },
  }));
  await tx.query(
    `WITH event AS (
       INSERT INTO integration_events (event_id, type, application_id, data, created_at)
       SELECT x.event_id, x.type, x.application_id, x.data, $2
       FROM jsonb_to_recordset($1::jsonb) AS x (ord integer, event_id text, type text, application_id uuid, data jsonb)
       ORDER BY x.ord
       RETURNING id, type, application_id
     )
     INSERT INTO webhook_deliveries (id, endpoint_id, event_id, application_id, state, next_attempt_at, created_at)
     SELECT gen_random_uuid(), e.id, event.id, event.application_id, 'queued', $2, $2
     FROM event JOIN webhook_endpoints e ON e.deleted_at IS NULL AND e.disabled_at IS NULL AND event.type = ANY (e.events)`,
    [JSON.stringify(rows), now],
  );
}
