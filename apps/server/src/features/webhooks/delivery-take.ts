import type { Db } from '../../infra/db/db';
import type { BodySource } from './webhook-body';
import { SEND_TIMEOUT_MS } from './webhook-sender';

/**
 * A delivery taken is due again this long after, by when its try has ended (SEND_TIMEOUT_MS) and been recorded: a
 * process that died while sending leaves it to whichever process looks next. At least once, never lost.
 */
export const LEASE_MS = SEND_TIMEOUT_MS * 6;

/** A delivery taken to be sent, with its endpoint and its event. */
export interface TakenDelivery extends BodySource {
  id: string;
  endpoint_id: string;
  url: string;
  secret_sealed: string;
  attempts: number;
  event_id: string;
}

/**
 * Takes the due deliveries that head their line, with what sending them needs: a delivery waits while an earlier one
 * of the same application to the same endpoint is pending (in order per application per endpoint; one taken and not
 * yet recorded is still pending, so its next waits for its record), and an endpoint removed or disabled sends
 * nothing. Taking one moves its due time by the lease (SKIP LOCKED: two processes take different ones). One
 * statement, committed on its own: webhook_take_due (migration 145), which follows webhook_deliveries_take
 * (migration 143) and stops at the limit, so its cost is the batch's, not the backlog's. Named: PostgreSQL parses
 * it once a connection.
 */
export async function takeDueDeliveries(db: Db, now: Date, limit: number): Promise<TakenDelivery[]> {
  const { rows } = await db.query<TakenDelivery>(
    'SELECT * FROM webhook_take_due($1, $2, $3)',
    [now, limit, new Date(now.getTime() + LEASE_MS)],
    { name: 'webhooks-take-due' },
  );
  return rows;
}
