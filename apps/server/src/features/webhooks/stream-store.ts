import type { Db, Queryable } from '../../infra/db/db';
import type { BodySource } from './webhook-body';
import { LEASE_MS } from './delivery-take';

/**
 * A stream is held this long by the pass reading it, renewed at each record (the schedule's lease, for the same
 * reason): a process that died while sending leaves the stream to whichever process looks next once it ends, and
 * that one sends again what was not recorded.
 */
export const STREAM_LEASE_MS = LEASE_MS;

/** A place in an endpoint's stream: the deliveries are read in (xid, event, id) order. */
export interface StreamPlace {
  xid: string;
  event: string;
  id: string;
}

/** An endpoint's stream held by a pass, from the place it has been sent up to. */
export interface LeasedStream {
  endpoint_id: string;
  url: string;
  secret_sealed: string;
  place: StreamPlace;
}

/** A delivery read from a stream, with its event and what the pass must know of it. */
export interface StreamDelivery extends BodySource {
  id: string;
  xid: string;
  seq: string;
  application_id: string | null;
  event_id: string;
  /** Its transaction is below every one still running: nothing can still be written before it in the stream. */
  settled: boolean;
  /** An earlier delivery of its application waits on the schedule: this one must wait behind it there. */
  blocked: boolean;
}

/**
 * Leases every stream with a delivery past its place whose endpoint still sends (not removed or disabled) and that
 * no other pass holds. Its rows locked as it goes: two passes at once lease different streams.
 */
export async function leaseStreams(db: Db, owner: string, now: Date, until: Date): Promise<LeasedStream[]> {
  const { rows } = await db.query<{
    endpoint_id: string;
    url: string;
    secret_sealed: string;
    read_xid: string;
    read_event: string;
    read_id: string;
  }>(
    `UPDATE webhook_streams s SET lease_owner = $1, lease_until = $2
     FROM webhook_endpoints e
     WHERE e.id = s.endpoint_id AND e.deleted_at IS NULL AND e.disabled_at IS NULL
       AND (s.lease_until IS NULL OR s.lease_until <= $3)
       AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = s.endpoint_id AND d.state = 'queued'
         AND (d.xid, d.event_id, d.id) > (s.read_xid, s.read_event, s.read_id))
     RETURNING s.endpoint_id, e.url, e.secret_sealed, s.read_xid::text AS read_xid, s.read_event::text AS read_event,
       s.read_id`,
    [owner, until, now],
  );
  return rows.map((r) => ({
    endpoint_id: r.endpoint_id,
    url: r.url,
    secret_sealed: r.secret_sealed,
    place: { xid: r.read_xid, event: r.read_event, id: r.read_id },
  }));
}

/** Lets go of the streams a pass held, for the next pass of any process. */
export async function releaseStreams(db: Db, owner: string, endpointIds: string[]): Promise<void> {
  await db.query(
    `UPDATE webhook_streams SET lease_owner = NULL, lease_until = NULL
     WHERE endpoint_id = ANY ($2::uuid[]) AND lease_owner = $1`,
    [owner, endpointIds],
  );
}

/**
 * The next deliveries of a stream past a place, in its order, each said settled or not: a transaction still running
 * may yet write a delivery that comes before an unsettled one (pg_snapshot_xmin, migration 148). Whether an earlier
 * one of its application waits on the schedule is looked up only when the endpoint has any there. Named: PostgreSQL
 * parses it once a connection.
 */
export async function readStream(
  db: Db,
  endpointId: string,
  after: StreamPlace,
  limit: number,
): Promise<StreamDelivery[]> {
  const { rows } = await db.query<StreamDelivery>(
    `SELECT d.id, d.xid::text AS xid, d.event_id::text AS seq, d.application_id, ev.event_id, ev.type,
       ev.data::text AS data, date_part('epoch', ev.created_at) AS created_s, d.xid < x.xmin AS settled,
       CASE WHEN x.scheduled THEN EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.endpoint_id = d.endpoint_id
         AND p.application_id = d.application_id AND p.state = 'pending') ELSE false END AS blocked
     FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin,
         EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.endpoint_id = $1 AND p.state = 'pending') AS scheduled) x
     CROSS JOIN webhook_deliveries d JOIN integration_events ev ON ev.id = d.event_id
     WHERE d.endpoint_id = $1 AND d.state = 'queued' AND (d.xid, d.event_id, d.id) > ($2::xid8, $3::bigint, $4::uuid)
     ORDER BY d.xid, d.event_id, d.id LIMIT $5`,
    [endpointId, after.xid, after.event, after.id, limit],
    { name: 'webhooks-stream-read' },
  );
  return rows;
}

/** What a stream's pass records at once. */
export interface StreamRecord {
  endpointId: string;
  owner: string;
  leaseUntil: Date;
  /** Tries that ended (each a first try: the stream sends each delivery once). */
  tried: { id: string; startedAt: Date; statusCode: number | null; excerpt: string; durationMs: number }[];
  /** Deliveries moved to the schedule: a try that failed (due at its retry), or one that must wait behind it. */
  moved: { id: string; attempts: number; nextAt: Date | null }[];
  /** The cursor's new place: past every delivery recorded, and every one before them. */
  place: StreamPlace;
}

/**
 * Records a stream's tries and moves, moves its cursor past them and renews its lease, in one statement committed on
 * its own (or in the caller's transaction), and only while the lease is this pass's: its row is locked first, so a
 * pass whose lease another process has taken records nothing, and that one sends it all again. False then. Named:
 * PostgreSQL parses each form once a connection.
 */
export async function recordStream(q: Queryable, r: StreamRecord): Promise<boolean> {
  const moving = r.moved.length > 0;
  // The tries as one JSON text (their times in epoch milliseconds): the driver's own array literals, each element
  // quoted and escaped by hand, cost the worker's one core more.
  const { rowCount } = await q.query(
    `WITH lease AS (
       SELECT endpoint_id FROM webhook_streams WHERE endpoint_id = $2 AND lease_owner = $3 FOR UPDATE),
     tried AS (
       INSERT INTO webhook_attempts (delivery_id, attempt, started_at, status_code, response_excerpt, duration_ms)
       SELECT t.id, 1, timestamptz 'epoch' + t.ms * interval '1 millisecond', t.status, t.excerpt, t.duration
       FROM json_to_recordset($1::json) AS t (id uuid, ms float8, status int, excerpt text, duration int)
       WHERE EXISTS (SELECT 1 FROM lease)
       ON CONFLICT (delivery_id, attempt) DO NOTHING)${
         moving
           ? `,
     moved AS (
       UPDATE webhook_deliveries d SET state = 'pending', attempts = m.attempts, next_attempt_at = m.next_at
       FROM unnest($8::uuid[], $9::int[], $10::timestamptz[]) AS m (id, attempts, next_at)
       WHERE d.id = ANY ($8::uuid[]) AND d.id = m.id AND d.state = 'queued' AND EXISTS (SELECT 1 FROM lease))`
           : ''
       }
     UPDATE webhook_streams s SET lease_until = $4, read_xid = $5::xid8, read_event = $6::bigint, read_id = $7::uuid
     FROM lease WHERE s.endpoint_id = lease.endpoint_id`,
    [
      JSON.stringify(
        r.tried.map((t) => ({
          id: t.id,
          ms: t.startedAt.getTime(),
          status: t.statusCode,
          excerpt: t.excerpt,
          duration: t.durationMs,
        })),
      ),
      r.endpointId,
      r.owner,
      r.leaseUntil.toISOString(),
      r.place.xid,
      r.place.event,
      r.place.id,
      ...(moving
        ? [
            r.moved.map((m) => m.id),
            r.moved.map((m) => m.attempts),
            r.moved.map((m) => m.nextAt?.toISOString() ?? null),
          ]
        : []),
    ],
    { name: moving ? 'webhooks-stream-record-moves' : 'webhooks-stream-record' },
  );
  return rowCount === 1;
}
