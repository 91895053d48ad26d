-- Each endpoint's deliveries as a stream read past a cursor (issue 45; docs/decisions/071-webhook-streams.md): a
-- delivery sent at its first try writes its attempt row and nothing else, where it wrote its own row twice (the
-- take's lease, the record's state). Deliveries a change writes are 'queued': in their endpoint's stream. A try that
-- fails moves its delivery, and the later ones of its application the stream reaches while it waits, to 'pending',
-- the per-delivery schedule of before (its due time, its back-off, its take), which keeps working for those few. A
-- queued delivery with a 2xx attempt has succeeded; one without is still to send.
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_state_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_state_check
  CHECK (state IN ('queued', 'pending', 'succeeded', 'failed'));

-- The transaction that wrote the delivery. A delivery's place in the stream is taken before its transaction commits,
-- so the stream is read in (xid, event_id, id) order and only as far as pg_snapshot_xmin: below it every transaction
-- has ended, so nothing can still come before what is read. A change that follows another's commit (a response after
-- its release) has a later id. Rows from before this migration have none: they are on the schedule.
ALTER TABLE webhook_deliveries ADD COLUMN xid xid8;
ALTER TABLE webhook_deliveries ALTER COLUMN xid SET DEFAULT pg_current_xact_id();
CREATE INDEX webhook_deliveries_stream ON webhook_deliveries (endpoint_id, xid, event_id, id) WHERE state = 'queued';

-- An endpoint's stream: how far it has been sent (every queued delivery up to this place has been tried, or moved
-- to the schedule), and which pass holds it until when. One process sends an endpoint's stream at a time; one that
-- dies leaves it to the next once its lease ends, which sends again what it had not recorded (at least once).
CREATE TABLE webhook_streams (
  endpoint_id uuid PRIMARY KEY REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  read_xid xid8 NOT NULL DEFAULT '0',
  read_event bigint NOT NULL DEFAULT 0,
  read_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  lease_owner uuid,
  lease_until timestamptz
);
INSERT INTO webhook_streams (endpoint_id) SELECT id FROM webhook_endpoints;
-- Every endpoint has its stream from its first moment, however it was written.
CREATE FUNCTION webhook_endpoint_stream() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO webhook_streams (endpoint_id) VALUES (NEW.id); RETURN NULL; END $$;
CREATE TRIGGER webhook_endpoints_stream AFTER INSERT ON webhook_endpoints
  FOR EACH ROW EXECUTE FUNCTION webhook_endpoint_stream();

-- A try's row no longer checks its delivery by foreign key: the check locked the delivery's row (FOR KEY SHARE, a
-- WAL-logged write of that row at every try), the very write the stream is there to spare. Tries are written only by
-- the worker, for deliveries it has just read, and nothing deletes a delivery (endpoints are only marked removed; the
-- cascade never ran). The index of their key stays: the log reads a delivery's tries by it.
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_delivery_id_fkey;

-- The schedule's take (migration 145) as before, with the event's data as text and its time in seconds since the
-- epoch, as the streams read them (stream-store.ts): the worker writes the body around the data as it comes
-- (webhook-body.ts), rather than parsing it and writing it out again at each try.
DROP FUNCTION webhook_take_due(timestamptz, int, timestamptz);
CREATE FUNCTION webhook_take_due(due_at timestamptz, take_limit int, lease_until timestamptz)
RETURNS TABLE (id uuid, endpoint_id uuid, url text, secret_sealed text, attempts int, event_id text, type text,
  data text, created_s float8)
LANGUAGE sql VOLATILE SET enable_sort = off AS $$
WITH due AS (
  SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
  WHERE d.state = 'pending' AND d.next_attempt_at <= due_at
    AND e.deleted_at IS NULL AND e.disabled_at IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM webhook_deliveries p
      WHERE p.endpoint_id = d.endpoint_id AND p.application_id = d.application_id AND p.state = 'pending'
        AND (p.event_id < d.event_id OR (p.event_id = d.event_id AND p.created_at < d.created_at)))
  ORDER BY d.next_attempt_at, d.event_id
  LIMIT take_limit
  FOR UPDATE OF d SKIP LOCKED),
taken AS (
  UPDATE webhook_deliveries w SET next_attempt_at = lease_until WHERE w.id = ANY (ARRAY(SELECT due.id FROM due))
  RETURNING w.id, w.endpoint_id, w.attempts, w.event_id)
SELECT taken.id, taken.endpoint_id, e.url, e.secret_sealed, taken.attempts, ev.event_id, ev.type, ev.data::text,
  date_part('epoch', ev.created_at)
FROM taken JOIN webhook_endpoints e ON e.id = taken.endpoint_id
JOIN integration_events ev ON ev.id = taken.event_id
$$;

