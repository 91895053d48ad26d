import { programLabelOf, type ProgramsTenant } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { FILE_ON_ITS_WAY, REQUEST_COLUMNS, type RequestRow } from './recommendation-repository';

/**
 * A recommender asked for several of an account's applications in one request
 * (issue 42): each application holds a request of its own, the requests share
 * `letter_group`, one e-mail names every program, and the one letter the
 * recommender sends is received on each request still waiting for it.
 */

/** What a request still waiting for a letter through its links is, in SQL (`isOpen` in letter-link.ts). */
const WAITING = `status = 'REQUESTED' AND current AND expires_at > $2`;

/**
 * The requests a new mail of `request` asks for: those of its group still waiting (the asking application's
 * first), or the request alone. Each gets the mail's link; an empty list sends nothing.
 */
export async function waitingRequestsOfMail(db: Queryable, request: RequestRow, now: Date): Promise<RequestRow[]> {
  if (!request.letter_group)
    return request.status === 'REQUESTED' && request.current && request.expires_at > now ? [request] : [];
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM recommendation_requests WHERE letter_group = $1 AND ${WAITING}
     ORDER BY id <> letter_group, id`,
    [request.letter_group, now],
  );
  return rows;
}

/**
 * The other requests of the group that the letter arriving on `request` answers too: still waiting, and with no
 * letter of their own on its way. Locked for the caller's transaction.
 */
export async function othersAnswered(tx: Queryable, request: RequestRow, now: Date): Promise<RequestRow[]> {
  if (!request.letter_group) return [];
  const { rows } = await tx.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM recommendation_requests
     WHERE letter_group = $1 AND ${WAITING} AND id <> $3 AND NOT ${FILE_ON_ITS_WAY}
     ORDER BY id FOR UPDATE`,
    [request.letter_group, now, request.id],
  );
  return rows;
}

/** The program labels of these requests' applications, once each, in their order. */
export async function programsOfRequests(
  db: Queryable,
  tenant: Pick<ProgramsTenant, 'programs'>,
  requestIds: readonly string[],
): Promise<string[]> {
  if (requestIds.length === 0) return [];
  const { rows } = await db.query<{ id: string; code: string | null }>(
    `SELECT r.id, a.answers->>'applied_major' AS code
     FROM recommendation_requests r JOIN applications a ON a.user_id = r.user_id WHERE r.id = ANY($1::uuid[])`,
    [requestIds],
  );
  const codes = new Map(rows.map((r) => [r.id, r.code ?? '']));
  const labels = requestIds.map((id) => programLabelOf(tenant, codes.get(id) ?? '')).filter(Boolean);
  return [...new Set(labels)];
}

/** The requests of the group a recommender's page speaks of: all but the cancelled ones, the asking one first. */
export async function groupRequestIds(db: Queryable, request: RequestRow): Promise<string[]> {
  if (!request.letter_group) return [request.id];
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM recommendation_requests WHERE letter_group = $1 AND (status <> 'CANCELLED' OR id = $2)
     ORDER BY id <> letter_group, id`,
    [request.letter_group, request.id],
  );
  return rows.map((r) => r.id);
}

/** For each request asked with others, the programs of the group's other applications (not cancelled ones). */
export async function otherProgramsOfGroups(
  db: Queryable,
  tenant: Pick<ProgramsTenant, 'programs'>,
  requests: readonly RequestRow[],
): Promise<Map<string, string[]>> {
  const groups = [...new Set(requests.map((r) => r.letter_group).filter((g): g is string => g !== null))];
  const out = new Map<string, string[]>();
  if (groups.length === 0) return out;
  const { rows } = await db.query<{ id: string; letter_group: string; code: string | null }>(
    `SELECT r.id, r.letter_group, a.answers->>'applied_major' AS code
     FROM recommendation_requests r JOIN applications a ON a.user_id = r.user_id
     WHERE r.letter_group = ANY($1::uuid[]) AND r.status <> 'CANCELLED'
     ORDER BY r.id <> r.letter_group, r.id`,
    [groups],
  );
  for (const request of requests) {
    if (!request.letter_group) continue;
    const labels = rows
      .filter((r) => r.letter_group === request.letter_group && r.id !== request.id)
      .map((r) => programLabelOf(tenant, r.code ?? ''))
      .filter(Boolean);
    out.set(request.id, [...new Set(labels)]);
  }
  return out;
}
