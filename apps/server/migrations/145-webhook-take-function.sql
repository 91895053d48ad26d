-- The webhooks worker's take (issue 45, features/webhooks/delivery-take.ts) as one function, so that it is one
-- statement and one round trip, committed on its own: it ran as BEGIN, SET LOCAL enable_sort = off, the take,
-- COMMIT (four round trips a take), and the worker now takes often, ahead of its sends. The setting comes with the
-- function (SET below): a release writes thousands of deliveries at once, after which the table's statistics (until
-- autovacuum's next ANALYZE) still say a few are pending, and the planner would read and sort every due delivery
-- rather than follow webhook_deliveries_take (migration 143) and stop at the limit.
-- Takes the due deliveries that head their line: a delivery waits while an earlier one of the same application to
-- the same endpoint is pending (taken and not yet recorded included), and an endpoint removed or disabled sends
-- nothing. Each taken is due again at lease_until (SKIP LOCKED: two processes take different ones).
-- The body stands on one line a statement: migrate.ts splits statements at a semicolon that ends a line.
CREATE FUNCTION webhook_take_due(due_at timestamptz, take_limit int, lease_until timestamptz)
RETURNS TABLE (id uuid, endpoint_id uuid, url text, secret_sealed text, attempts int, event_id text, type text,
  data jsonb, created_at timestamptz)
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
SELECT taken.id, taken.endpoint_id, e.url, e.secret_sealed, taken.attempts, ev.event_id, ev.type, ev.data,
  ev.created_at
FROM taken JOIN webhook_endpoints e ON e.id = taken.endpoint_id
JOIN integration_events ev ON ev.id = taken.event_id
$$;
