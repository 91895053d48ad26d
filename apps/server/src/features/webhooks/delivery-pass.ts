import type { Logger } from 'pino';
import { Counter } from 'prom-client';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../infra/db/db';
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

/** A delivery taken to be sent, with its endpoint and its event. */
export interface TakenDelivery {
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

/**
 * Takes the due deliveries that head their line, with what sending them needs, in one statement: a delivery waits
 * while an earlier one of the same application to the same endpoint is pending (in order per application per
 * endpoint), and an endpoint removed or disabled sends nothing. Taking one moves its due time by the lease (SKIP
 * LOCKED: two processes take different ones). The scan follows webhook_deliveries_take (migration 143) and stops
 * at the limit, so its cost is the batch's, not the backlog's: sorting is turned off for this statement because a
 * release writes thousands of deliveries at once, after which the table's statistics (until autovacuum's next
 * ANALYZE) still say a few are pending, and the planner would read and sort every due one rather than follow the
 * index (12 ms instead of 0.3 ms for a backlog of 10,000, and growing with it).
 */
export async function takeDueDeliveries(db: Db, now: Date, limit = BATCH): Promise<TakenDelivery[]> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_sort = off');
    const { rows } = await tx.query<TakenDelivery>(
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
       FOR UPDATE OF d SKIP LOCKED),
     taken AS (
       UPDATE webhook_deliveries w SET next_attempt_at = $3 WHERE w.id = ANY (ARRAY(SELECT id FROM due))
       RETURNING w.id, w.endpoint_id, w.attempts, w.event_id)
     SELECT taken.id, taken.endpoint_id, e.url, e.secret_sealed, taken.attempts,
       ev.event_id, ev.type, ev.data, ev.created_at
     FROM taken JOIN webhook_endpoints e ON e.id = taken.endpoint_id
     JOIN integration_events ev ON ev.id = taken.event_id`,
      [now, limit, new Date(now.getTime() + LEASE_MS)],
    );
    return rows;
  });
}

/** The body every receiver gets: the event's type, when it happened, and its facts. */
export const payloadOf = (d: Pick<TakenDelivery, 'type' | 'data' | 'created_at'>) =>
  JSON.stringify({ type: d.type, timestamp: new Date(d.created_at).toISOString(), data: d.data });

/**
 * Sends every delivery due now (by deps.clock), in line order, until none is left due: each taken batch is sent
 * side by side, and its tries recorded together once the last has ended. The next batch is taken while one is
 * sent, and sent once that one's POSTs have ended (at most BATCH at once), while that one's tries are recorded.
 * Returns how many tries were made. Safe in several processes at once, and after a process died half-way: its
 * deliveries, taken and not yet recorded, are due again when their lease ends (at least once, never lost).
 */
export async function runDueDeliveries(deps: Deps, log?: Pick<Logger, 'warn'>): Promise<number> {
  let tries = 0;
  // Records of earlier batches still being written: a take that found nothing is trusted only if it began after
  // them (their tries let the next in line become due), and the pass ends only once they are written.
  const recording: Promise<void>[] = [];
  let nextTake = observed(takeDueDeliveries(deps.db, deps.clock.now()));
  try {
    for (;;) {
      const batch = await nextTake;
      if (batch.length === 0) {
        if (recording.length === 0) return tries;
        await Promise.all(recording.splice(0));
        nextTake = observed(takeDueDeliveries(deps.db, deps.clock.now()));
        continue;
      }
      const sending = sendBatch(deps, batch);
      nextTake = observed(takeDueDeliveries(deps.db, deps.clock.now()));
      recording.push(observed(recordBatch(deps, await sending, log)));
      tries += batch.length;
      // At most one batch's records behind the POSTs, so the database never falls ever further behind.
      if (recording.length > 1) await recording.shift();
    }
  } finally {
    // Whatever failed, nothing of the pass is left running after it.
    await Promise.allSettled([nextTake, ...recording]);
  }
}

/** A promise awaited later: its failure is not reported as unhandled meanwhile (awaiting it still throws it). */
function observed<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

interface SentTry {
  delivery: TakenDelivery;
  startedAt: Date;
  outcome: SendOutcome;
}

function sendBatch(deps: Deps, batch: TakenDelivery[]): Promise<SentTry[]> {
  return Promise.all(
    batch.map(async (delivery) => {
      const startedAt = deps.clock.now();
      const secret = openSigningSecret(deps.secretKey, delivery.endpoint_id, delivery.secret_sealed);
      const outcome = await sendSigned(
        { url: delivery.url, secret, msgId: delivery.event_id, payload: payloadOf(delivery) },
        deps.config.integrations.webhookAllowPrivate,
      );
      return { delivery, startedAt, outcome };
    }),
  );
}

type Result = 'succeeded' | 'gone' | 'failed' | 'retry';

/**
 * Records a batch's tries and what follows from each, in one transaction: one statement for the attempts, one for
 * the deliveries (succeeded; a retry at its next time; failed after the last retry; a 410's count of tries), then
 * the endpoints that answered 410 Gone disabled. A process that dies before this commits leaves the deliveries to
 * their lease: they are sent again (at least once).
 */
async function recordBatch(deps: Deps, sent: SentTry[], log?: Pick<Logger, 'warn'>): Promise<void> {
  const now = deps.clock.now();
  const rows = sent.map(({ delivery, startedAt, outcome }) => {
    const attempt = delivery.attempts + 1;
    const result = resultOf(outcome.statusCode, attempt);
    const delay = RETRY_DELAYS_MS[attempt - 1] ?? 0;
    return { delivery, startedAt, outcome, attempt, result, nextAt: new Date(now.getTime() + delay) };
  });
  const failed = await deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO webhook_attempts (delivery_id, attempt, started_at, status_code, response_excerpt, duration_ms)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::text[], $6::int[])
       ON CONFLICT (delivery_id, attempt) DO NOTHING`,
      [
        rows.map((r) => r.delivery.id),
        rows.map((r) => r.attempt),
        rows.map((r) => r.startedAt),
        rows.map((r) => r.outcome.statusCode),
        rows.map((r) => r.outcome.excerpt),
        rows.map((r) => r.outcome.durationMs),
      ],
    );
    // A delivery no longer pending (another process finished it) is left as it is, but a 410's try is counted
    // whatever its state. A retry of a delivery stopped meanwhile (its endpoint removed or disabled: no due time)
    // stays stopped.
    const { rows: finished } = await tx.query<{ id: string; result: Result }>(
      `UPDATE webhook_deliveries d SET attempts = u.attempt,
         state = CASE WHEN u.result IN ('succeeded', 'failed') THEN u.result ELSE d.state END,
         next_attempt_at = CASE
           WHEN u.result IN ('succeeded', 'failed') THEN NULL
           WHEN u.result = 'retry' AND d.next_attempt_at IS NOT NULL THEN u.next_at
           ELSE d.next_attempt_at END,
         finished_at = CASE WHEN u.result IN ('succeeded', 'failed') THEN $5::timestamptz ELSE d.finished_at END
       FROM unnest($1::uuid[], $2::text[], $3::int[], $4::timestamptz[]) AS u (id, result, attempt, next_at)
       WHERE d.id = ANY ($1::uuid[]) AND d.id = u.id AND (d.state = 'pending' OR u.result = 'gone')
       RETURNING d.id, u.result`,
      [
        rows.map((r) => r.delivery.id),
        rows.map((r) => r.result),
        rows.map((r) => r.attempt),
        rows.map((r) => r.nextAt),
        now,
      ],
    );
    // The receiver says the endpoint is gone for good: nothing more is sent to it (Standard Webhooks).
    const gone = new Set(rows.filter((r) => r.result === 'gone').map((r) => r.delivery.endpoint_id));
    for (const endpointId of gone) await disableEndpoint(tx, endpointId, 'The receiver answered 410 Gone.', now);
    const failedIds = new Set(finished.filter((f) => f.result === 'failed').map((f) => f.id));
    return rows.filter((r) => failedIds.has(r.delivery.id)).map((r) => r.delivery);
  });
  for (const delivery of failed) {
    webhookFailures.inc();
    log?.warn(
      { delivery_id: delivery.id, endpoint_id: delivery.endpoint_id, event_id: delivery.event_id },
      'a webhook delivery failed after its last retry',
    );
  }
}

/** What a try's answer means for its delivery: 2xx done, 410 the endpoint gone, else a retry until the last. */
function resultOf(status: number | null, attempt: number): Result {
  if (status !== null && status >= 200 && status < 300) return 'succeeded';
  if (status === 410) return 'gone';
  return RETRY_DELAYS_MS[attempt - 1] === undefined ? 'failed' : 'retry';
}
