import type { Logger } from 'pino';
import { Counter } from 'prom-client';
import type { Db, Queryable } from '../../infra/db/db';
import { metricsRegistry } from '../../infra/metrics/metrics';
import type { TakenDelivery } from './delivery-take';
import { disableEndpoint } from './webhook-endpoints';
import type { SendOutcome } from './webhook-sender';

/** The waits after each failed try: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h; the try after the last is the last. */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];

export const webhookFailures = new Counter({
  name: 'admissions_webhook_deliveries_failed_total',
  help: 'Webhook deliveries that gave up after their last retry (each endpoint’s log shows them).',
  registers: [metricsRegistry],
});

/** One try that has ended, to be recorded. */
export interface SentTry {
  delivery: TakenDelivery;
  startedAt: Date;
  outcome: SendOutcome;
}

type TryResult = 'succeeded' | 'gone' | 'failed' | 'retry';

/**
 * Records tries that have ended and what follows from each, in one statement (committed on its own): the attempts,
 * and the deliveries (succeeded; a retry at its next time; failed after the last retry; a 410's count of tries). A
 * delivery no longer pending (another process finished it) is left as it is, but a 410's try is counted whatever its
 * state; a retry of a delivery stopped meanwhile (its endpoint removed or disabled: no due time) stays stopped.
 * Named: PostgreSQL parses it once a connection.
 */
const RECORD_TRIES = `WITH tried AS (
    INSERT INTO webhook_attempts (delivery_id, attempt, started_at, status_code, response_excerpt, duration_ms)
    SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::text[], $6::int[])
    ON CONFLICT (delivery_id, attempt) DO NOTHING)
  UPDATE webhook_deliveries d SET attempts = u.attempt,
    state = CASE WHEN u.result IN ('succeeded', 'failed') THEN u.result ELSE d.state END,
    next_attempt_at = CASE
      WHEN u.result IN ('succeeded', 'failed') THEN NULL
      WHEN u.result = 'retry' AND d.next_attempt_at IS NOT NULL THEN u.next_at
      ELSE d.next_attempt_at END,
    finished_at = CASE WHEN u.result IN ('succeeded', 'failed') THEN $9::timestamptz ELSE d.finished_at END
  FROM unnest($1::uuid[], $7::text[], $2::int[], $8::timestamptz[]) AS u (id, result, attempt, next_at)
  WHERE d.id = ANY ($1::uuid[]) AND d.id = u.id AND (d.state = 'pending' OR u.result = 'gone')
  RETURNING d.id, u.result`;

/**
 * Records tries that have ended and what follows from each (RECORD_TRIES), and disables the endpoints that answered
 * 410 Gone in the same transaction. A process that dies before this commits leaves the deliveries to their lease:
 * they are sent again (at least once).
 */
export async function recordTries(db: Db, now: Date, sent: SentTry[], log?: Pick<Logger, 'warn'>): Promise<void> {
  const rows = sent.map(({ delivery, startedAt, outcome }) => {
    const attempt = delivery.attempts + 1;
    const result = resultOf(outcome.statusCode, attempt);
    const delay = RETRY_DELAYS_MS[attempt - 1] ?? 0;
    return { delivery, startedAt, outcome, attempt, result, nextAt: new Date(now.getTime() + delay) };
  });
  // The times as ISO text: the driver's own formatting of a Date (in local time, field by field) costs several
  // times more, for each element of the arrays.
  const params = [
    rows.map((r) => r.delivery.id),
    rows.map((r) => r.attempt),
    rows.map((r) => r.startedAt.toISOString()),
    rows.map((r) => r.outcome.statusCode),
    rows.map((r) => r.outcome.excerpt),
    rows.map((r) => r.outcome.durationMs),
    rows.map((r) => r.result),
    rows.map((r) => r.nextAt.toISOString()),
    now,
  ];
  const record = (q: Queryable) =>
    q.query<{ id: string; result: TryResult }>(RECORD_TRIES, params, { name: 'webhooks-record-tries' });
  // The receiver says the endpoint is gone for good: nothing more is sent to it (Standard Webhooks).
  const gone = new Set(rows.filter((r) => r.result === 'gone').map((r) => r.delivery.endpoint_id));
  const { rows: finished } =
    gone.size === 0
      ? await record(db)
      : await db.transaction(async (tx) => {
          const recorded = await record(tx);
          for (const endpointId of gone) await disableEndpoint(tx, endpointId, 'The receiver answered 410 Gone.', now);
          return recorded;
        });
  const failedIds = new Set(finished.filter((f) => f.result === 'failed').map((f) => f.id));
  for (const { delivery } of rows.filter((r) => failedIds.has(r.delivery.id))) {
    webhookFailures.inc();
    log?.warn(
      { delivery_id: delivery.id, endpoint_id: delivery.endpoint_id, event_id: delivery.event_id },
      'a webhook delivery failed after its last retry',
    );
  }
}

/** What a try's answer means for its delivery: 2xx done, 410 the endpoint gone, else a retry until the last. */
export function resultOf(status: number | null, attempt: number): TryResult {
  if (status !== null && status >= 200 && status < 300) return 'succeeded';
  if (status === 410) return 'gone';
  return RETRY_DELAYS_MS[attempt - 1] === undefined ? 'failed' : 'retry';
}
