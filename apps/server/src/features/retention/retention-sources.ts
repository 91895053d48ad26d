import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { acceptedOfferUserIds } from '../decisions';

/**
 * The two facts retention reads from other features' tables, in one file: which admission cycles closed
 * and when (cycle_history, written at boot by core/open-cycle.ts), and which applicants accepted an offer
 * (decisions). Tests may pass their own sources to runRetention and previewRetention.
 */
export interface ClosedCycle {
  id: string;
  closed_at: Date;
}

export interface RetentionSources {
  /** Every closed cycle with the instant it closed. */
  closedCycles(deps: Pick<AppDeps, 'db'>, now: Date): Promise<ClosedCycle[]>;
  /**
   * Of these applicants (user ids), the ones who accepted an offer: their applications are kept. Takes a
   * Queryable so the deletion asks again inside its own transaction (PGlite has one connection).
   */
  acceptedOffers(db: Queryable, userIds: readonly string[]): Promise<ReadonlySet<string>>;
}

/** Every cycle ever opened whose close has passed by `now`; the plan keeps those closed long enough ago. */
export async function closedCycles(deps: Pick<AppDeps, 'db'>, now: Date): Promise<ClosedCycle[]> {
  const { rows } = await deps.db.query<{ id: string; closed_at: Date }>(
    'SELECT cycle_id AS id, closes_at AS closed_at FROM cycle_history WHERE closes_at <= $1',
    [now],
  );
  return rows.map((r) => ({ id: r.id, closed_at: new Date(r.closed_at) }));
}

/** Of these applicants, those whose released offer they accepted (the decisions feature's table). */
export async function acceptedOffers(db: Queryable, userIds: readonly string[]): Promise<ReadonlySet<string>> {
  return acceptedOfferUserIds(db, userIds);
}

export const RETENTION_SOURCES: RetentionSources = { closedCycles, acceptedOffers };
