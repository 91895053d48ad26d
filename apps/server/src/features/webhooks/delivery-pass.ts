import type { Logger } from 'pino';
import { Counter } from 'prom-client';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { metricsRegistry } from '../../infra/metrics/metrics';
import { disableEndpoint } from './webhook-endpoints';
import { openSigningSecret } from './webhook-secret';
import { sendSigned, SEND_TIMEOUT_MS, type SendOutcome } from './webhook-sender';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'secretKey'>;

/** The waits after each failed try: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h; the try after the last is the last. */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
/** Deliveries taken at once, sent side by side (each to a different application or endpoint). */
const BATCH = 50;
/**
 * A delivery taken is due again this long after, by when its try has ended (SEND_TIMEOUT_MS) and been recorded: a
 * process that died while sending leaves it to whichever process looks next. At least once, never lost.
 */
export const LEASE_MS = SEND_TIMEOUT_MS * 6;

export const webhookFailures = new Counter({
  name: 'admissions_webhook_deliveries_failed_total',
  help: 'Webhook deliveries that gave up after their last retry (each endpoint’s log shows them).',
  registers: [metricsRegistry],
});

/**
 * Takes the due deliveries that head their line: a delivery waits while an earlier one of the same application to
 * the same endpoint is pending (in order per application per endpoint), and an endpoint removed or disabled sends
 * nothing. Taking one moves its due time by the lease (SKIP LOCKED: two processes take different ones).
 */
export async function takeDueDeliveries(db: Queryable, now: Date, limit = BATCH): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.state = 'pending' AND d.next_attempt_at <= $1
         AND e.deleted_at IS NULL AND e.disabled_at IS NULL
         AND NOT EXISTS (
           SELECT 1 FROM webhook_deliveries p
           WHERE p.endpoint_id = d.endpoint_id AND p.application_id = d.application_id AND p.state = 'pending'
             AND (p.event_id < d.event_id OR (p.event_id = d.event_id AND p.created_at < d.created_at)))
       ORDER BY d.next_attempt_at, d.event_id
       LIMIT $2
       FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries w SET next_attempt_at = $3 FROM due WHERE w.id = due.id
     RETURNING w.id`,
    [now, limit, new Date(now.getTime() + LEASE_MS)],
  );
  return rows.map((r) => r.id);
}

interface TakenDelivery {
  id: string;
  endpoint_id: string;
  url: string;
  secret_sealed: string;
  attempts: number;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** The body every receiver gets: the event's type, when it happened, and its facts. */
export const payloadOf = (d: Pick<TakenDelivery, 'type' | 'data' | 'created_at'>) =>
  JSON.stringify({ type: d.type, timestamp: new Date(d.created_at).toISOString(), data: d.data });

/**
 * Sends every delivery due now (by deps.clock), in line order, until none is left due: each taken batch is sent
 * side by side and each try recorded as it ends. Returns how many tries were made. Safe in several processes at
 * once, and after a process died half-way (its deliveries are due again when their lease ends).
 */
export async function runDueDeliveries(deps: Deps, log?: Pick<Logger, 'warn'>): Promise<number> {
  let tries = 0;
  for (;;) {
    const ids = await takeDueDeliveries(deps.db, deps.clock.now());
    if (ids.length === 0) return tries;
    const { rows } = await deps.db.query<TakenDelivery>(
      `SELECT d.id, d.endpoint_id, e.url, e.secret_sealed, d.attempts, ev.event_id, ev.type, ev.data, ev.created_at
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       JOIN integration_events ev ON ev.id = d.event_id WHERE d.id = ANY($1::uuid[])`,
      [ids],
    );
    await Promise.all(rows.map((d) => deliverOnce(deps, d, log)));
    tries += rows.length;
  }
}

async function deliverOnce(deps: Deps, delivery: TakenDelivery, log?: Pick<Logger, 'warn'>): Promise<void> {
  const startedAt = deps.clock.now();
  const secret = openSigningSecret(deps.secretKey, delivery.endpoint_id, delivery.secret_sealed);
  const outcome = await sendSigned(
    { url: delivery.url, secret, msgId: delivery.event_id, payload: payloadOf(delivery) },
    deps.config.integrations.webhookAllowPrivate,
  );
  const failed = await deps.db.transaction((tx) => recordTry(deps, tx, delivery, startedAt, outcome));
  if (failed) {
    webhookFailures.inc();
    log?.warn(
      { delivery_id: delivery.id, endpoint_id: delivery.endpoint_id, event_id: delivery.event_id },
      'a webhook delivery failed after its last retry',
    );
  }
}

/** Records a try and what follows from it; true when the delivery has now failed for good. */
async function recordTry(
  deps: Deps,
  tx: Queryable,
  delivery: TakenDelivery,
  startedAt: Date,
  outcome: SendOutcome,
): Promise<boolean> {
  const now = deps.clock.now();
  const attempt = delivery.attempts + 1;
  await tx.query(
    `INSERT INTO webhook_attempts (delivery_id, attempt, started_at, status_code, response_excerpt, duration_ms)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (delivery_id, attempt) DO NOTHING`,
    [delivery.id, attempt, startedAt, outcome.statusCode, outcome.excerpt, outcome.durationMs],
  );
  const status = outcome.statusCode;
  if (status !== null && status >= 200 && status < 300) {
    await tx.query(
      `UPDATE webhook_deliveries SET state = 'succeeded', attempts = $2, next_attempt_at = NULL, finished_at = $3
       WHERE id = $1 AND state = 'pending'`,
      [delivery.id, attempt, now],
    );
    return false;
  }
  if (status === 410) {
    // The receiver says the endpoint is gone for good: nothing more is sent to it (Standard Webhooks).
    await tx.query('UPDATE webhook_deliveries SET attempts = $2 WHERE id = $1', [delivery.id, attempt]);
    await disableEndpoint(tx, delivery.endpoint_id, 'The receiver answered 410 Gone.', now);
    return false;
  }
  const delay = RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) {
    const { rowCount } = await tx.query(
      `UPDATE webhook_deliveries SET state = 'failed', attempts = $2, next_attempt_at = NULL, finished_at = $3
       WHERE id = $1 AND state = 'pending'`,
      [delivery.id, attempt, now],
    );
    return rowCount === 1;
  }
  // An endpoint removed or disabled meanwhile keeps its delivery stopped (no next try).
  await tx.query(
    `UPDATE webhook_deliveries SET attempts = $2,
       next_attempt_at = CASE WHEN next_attempt_at IS NULL THEN NULL ELSE $3::timestamptz END
     WHERE id = $1 AND state = 'pending'`,
    [delivery.id, attempt, new Date(now.getTime() + delay)],
  );
  return false;
}
