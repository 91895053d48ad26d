import type { AppDeps } from '../../app-deps';

/**
 * The two facts retention needs from other work, in one file so the merge wires them in one place:
 * which admission cycles are closed and since when (issue 29, cycles), and which applicants accepted an
 * offer (issue 32, decisions). Until those land there are no closed cycles and no accepted offers, so the
 * closed-cycle rule deletes nothing. Tests pass their own sources to runRetention and previewRetention.
 */
export interface ClosedCycle {
  id: string;
  closed_at: Date;
}

export interface RetentionSources {
  /** Every closed cycle with the instant it closed. */
  closedCycles(deps: Pick<AppDeps, 'db'>): Promise<ClosedCycle[]>;
  /** Of these applicants (user ids), the ones who accepted an offer: their applications are kept. */
  acceptedOffers(deps: Pick<AppDeps, 'db'>, userIds: readonly string[]): Promise<ReadonlySet<string>>;
}

/** Issue 29 replaces this with a read of its cycles table (closed_at IS NOT NULL). */
export async function closedCycles(_deps: Pick<AppDeps, 'db'>): Promise<ClosedCycle[]> {
  return [];
}

/** Issue 32 replaces this with a query of its decisions: the offers these applicants accepted. */
export async function acceptedOffers(
  _deps: Pick<AppDeps, 'db'>,
  _userIds: readonly string[],
): Promise<ReadonlySet<string>> {
  return new Set();
}

export const RETENTION_SOURCES: RetentionSources = { closedCycles, acceptedOffers };
