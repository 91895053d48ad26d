import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { recordFeeChange } from '../staff';
import { applyChargeRefunded } from './refund-ledger';
import { settleSession } from './settle-session';

/** Events settled per transaction. */
const BATCH = 50;
/** An event that failed this often is left for the operators (its error is on the row and in the log). */
const MAX_ATTEMPTS = 5;

export const PAYMENT_EVENTS_QUEUE = 'payment-events';
/** Every minute: events a process received and did not live to settle. */
export const PAYMENT_EVENTS_CRON = '* * * * *';

/**
 * Keeps a verified event, once (decision 065): one statement, so the provider gets its 200 as soon as the event
 * is safe, as Stripe asks of a webhook. True when it is new (the same event delivered again is not).
 */
export async function storeEvent(db: Queryable, event: Stripe.Event, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO payment_events (id, type, payload, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
    [event.id, event.type, JSON.stringify(event.data.object), now],
  );
  return rowCount === 1;
}

/**
 * Applies the stored events not yet applied, oldest first, in batches; each in a savepoint, so one that fails is
 * counted and left without holding back the others. Rows are taken with SKIP LOCKED: two processes settle
 * different events. The effect and `processed_at` commit together, so an event is applied once.
 */
export async function settleStoredEvents(deps: AppDeps, log?: Pick<Logger, 'error'>): Promise<number> {
  let settled = 0;
  for (;;) {
    const taken = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const { rows } = await tx.query<{ id: string; type: string; payload: unknown }>(
        `SELECT id, type, payload FROM payment_events WHERE processed_at IS NULL AND attempts < $1
         ORDER BY received_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [MAX_ATTEMPTS, BATCH],
      );
      for (const row of rows) {
        await tx.query('SAVEPOINT payment_event');
        try {
          await applyEvent(deps, tx, row.type, row.payload, row.id);
          await tx.query('RELEASE SAVEPOINT payment_event');
          await tx.query('UPDATE payment_events SET processed_at = $2 WHERE id = $1', [row.id, now]);
          settled++;
        } catch (err) {
          await tx.query('ROLLBACK TO SAVEPOINT payment_event');
          await tx.query('UPDATE payment_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [
            row.id,
            String((err as Error).message ?? err).slice(0, 500),
          ]);
          log?.error({ err, event: row.id, type: row.type }, 'a payment event could not be applied');
        }
      }
      return rows.length;
    });
    if (taken < BATCH) return settled;
  }
}

async function applyEvent(deps: AppDeps, tx: Queryable, type: string, payload: unknown, id: string): Promise<void> {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      await settleSession(deps, tx, payload as Stripe.Checkout.Session);
      return;
    case 'charge.refunded': {
      // The applicant was written to when the office sent the refund (refunds.ts).
      const userId = await applyChargeRefunded(tx, payload as Stripe.Charge, deps.clock.now());
      if (userId) await recordFeeChange(tx, deps, userId, { refund: id, by: 'provider' });
      return;
    }
    default:
      // Another kind is kept (it was signed) and needs nothing.
      return;
  }
}

const draining = new WeakMap<AppDeps, Promise<unknown>>();

/**
 * Settles the stored events in this process now, after any settling already under way here: the webhook wakes
 * it after storing an event, and a test awaits it to see an event applied.
 */
export function settleNow(deps: AppDeps, log?: Pick<Logger, 'error'>): Promise<number> {
  const previous = draining.get(deps) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => settleStoredEvents(deps, log));
  draining.set(deps, next);
  return next;
}

/** The minute's run on the job queue: what another process stored and did not settle (it stopped, or failed). */
export async function startPaymentEventsWorker(
  deps: AppDeps,
  logger: Pick<Logger, 'debug' | 'error'>,
): Promise<string> {
  const options = { retryLimit: 2, retryDelay: 30, expireInSeconds: 5 * 60 };
  await ensureQueue(deps.jobs, PAYMENT_EVENTS_QUEUE, options);
  await deps.jobs.schedule(PAYMENT_EVENTS_QUEUE, PAYMENT_EVENTS_CRON);
  await deps.jobs.work(PAYMENT_EVENTS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    logger.debug({ settled: await settleNow(deps, logger) }, 'payment events settled');
  });
  return PAYMENT_EVENTS_QUEUE;
}
