import type { AppDeps } from '../../app-deps';

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
  /** Of these applicants (user ids), the ones who accepted an offer: their applications are kept. */
  acceptedOffers(deps: Pick<AppDeps, 'db'>, userIds: readonly string[]): Promise<ReadonlySet<string>>;
}

/** Every cycle ever opened whose close has passed by `now`; the plan keeps those closed long enough ago. */
export async function closedCycles(deps: Pick<AppDeps, 'db'>, now: Date): Promise<ClosedCycle[]> {
  const { rows } = await deps.db.query<{ id: string; closed_at: Date }>(
    'SELECT cycle_id AS id, closes_at AS closed_at FROM cycle_history WHERE closes_at <= $1',
    [now],
  );
  return rows.map((r) => ({ id: r.id, closed_at: new Date(r.closed_at) }));
}

/** Issue 32 replaces this with a query of its decisions: the offers these applicants accepted. */
export async function acceptedOffers(
  _deps: Pick<AppDeps, 'db'>,
  _userIds: readonly string[],
): Promise<ReadonlySet<string>> {
  return new Set();
}

export const RETENTION_SOURCES: RetentionSources = { closedCycles, acceptedOffers };
