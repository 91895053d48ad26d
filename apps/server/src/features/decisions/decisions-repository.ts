import type { DecisionRecord, DecisionResponse, DecisionState } from '@admissions/domain';
import type { TenantDecisions } from '@admissions/domain/schemas';
import type { Queryable } from '../../infra/db/db';
import { memberNameSql } from '../../session/member-name';
import { codeOf } from './decision-rules';

/** One row of the decisions table (migrations/090-decisions.sql). */
export interface DecisionRow {
  id: string;
  user_id: string;
  code: string;
  reasons: { id: string; details: string }[];
  conditions: string[];
  reply_by: Date | null;
  status: DecisionRecord['status'];
  decided_by: string;
  decided_at: Date;
  release_id: string | null;
  released_at: Date | null;
  released_by: string | null;
  /** Read with the history only (issue 49): the members' names, null without one. */
  decided_by_name?: string | null;
  released_by_name?: string | null;
  viewed_at: Date | null;
  response: DecisionResponse | null;
  response_at: Date | null;
  response_by_default: boolean;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The reasons with the tenant's labels, in the order they were given. */
export function reasonsShown(decisions: TenantDecisions, row: Pick<DecisionRow, 'reasons'>) {
  return row.reasons.map((r) => ({
    id: r.id,
    label: decisions.deny_reasons.find((d) => d.id === r.id)?.label ?? r.id,
    details: r.details,
  }));
}

export function toRecord(
  decisions: TenantDecisions,
  row: DecisionRow,
  scheduled: { release_id: string; at: string } | null,
): DecisionRecord {
  return {
    id: row.id,
    code: row.code,
    label: codeOf(decisions, row.code)?.label ?? row.code,
    reasons: reasonsShown(decisions, row),
    conditions: row.conditions,
    reply_by: iso(row.reply_by),
    status: row.status,
    decided_by: row.decided_by,
    decided_by_name: row.decided_by_name ?? null,
    decided_at: iso(row.decided_at)!,
    scheduled_release: row.status === 'provisional' ? scheduled : null,
    released_at: iso(row.released_at),
    released_by: row.released_by,
    released_by_name: row.released_by_name ?? null,
    viewed_at: iso(row.viewed_at),
    response: row.response,
    response_at: iso(row.response_at),
    response_by_default: row.response_by_default,
  };
}

/** Every decision on an application, newest first, with the names of who recorded and released it. */
export async function decisionHistory(db: Queryable, userId: string): Promise<DecisionRow[]> {
  const { rows } = await db.query<DecisionRow>(
    `SELECT *, ${memberNameSql('decided_by')} AS decided_by_name, ${memberNameSql('released_by')} AS released_by_name
     FROM decisions WHERE user_id = $1 ORDER BY decided_at DESC, released_at DESC NULLS FIRST`,
    [userId],
  );
  return rows;
}

/** The released decision the applicant sees (null before any release). */
export async function releasedDecision(db: Queryable, userId: string, lock = false): Promise<DecisionRow | null> {
  const { rows } = await db.query<DecisionRow>(
    `SELECT * FROM decisions WHERE user_id = $1 AND status = 'released'${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

/** The scheduled release a provisional decision waits for, if any. */
export async function scheduledReleaseOf(db: Queryable, userId: string) {
  const { rows } = await db.query<{ release_id: string; release_at: Date }>(
    `SELECT r.id AS release_id, r.release_at FROM decision_release_items i JOIN decision_releases r ON r.id = i.release_id
     WHERE i.user_id = $1 AND NOT i.done AND r.status = 'scheduled' ORDER BY r.release_at LIMIT 1`,
    [userId],
  );
  const row = rows[0];
  return row ? { release_id: row.release_id, at: new Date(row.release_at).toISOString() } : null;
}

export async function decisionStateOf(db: Queryable, userId: string): Promise<DecisionState | null> {
  const { rows } = await db.query<{ decision_state: DecisionState }>(
    'SELECT decision_state FROM application_decision_states(ARRAY[$1::uuid])',
    [userId],
  );
  return rows[0]?.decision_state ?? null;
}

export async function withdrawalOf(db: Queryable, userId: string) {
  const { rows } = await db.query<{ withdrawn_at: Date; reason: string }>(
    'SELECT withdrawn_at, reason FROM application_withdrawals WHERE user_id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

/** What the application itself says: submitted when, withdrawn or not. */
export async function applicationStanding(db: Queryable, userId: string) {
  const { rows } = await db.query<{ submitted_at: Date | null; withdrawn: boolean }>(
    `SELECT a.submitted_at, EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = $1) AS withdrawn
     FROM (SELECT $1::uuid AS user_id) u LEFT JOIN applications a ON a.user_id = u.user_id`,
    [userId],
  );
  return { submittedAt: rows[0]?.submitted_at ?? null, withdrawn: rows[0]?.withdrawn ?? false };
}

/**
 * Of these applicants, the ones whose released decision is an offer they accepted (retention keeps their
 * applications past the cycle's close). A superseded or provisional decision never counts: only what the
 * applicant was shown and answered.
 */
export async function acceptedOfferUserIds(db: Queryable, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM decisions WHERE user_id = ANY($1::uuid[]) AND status = 'released' AND response = 'accept'`,
    [userIds],
  );
  return new Set(rows.map((r) => r.user_id));
}
