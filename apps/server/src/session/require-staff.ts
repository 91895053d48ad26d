import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { AppError } from '../http/app-error';
import { recordStaffDenial, type StaffMember } from './audit-log';
import { setStaffAccess } from './staff-access';
import { memberAccess, staffAccessFromRow } from './staff-team';
import { refuseWithoutSession, sessionOf } from './require-session';
import { readSessionCookie } from './session-cookies';
import { sessionCheckFor, type Session } from './session-store';
import { checkLiveStaffSession } from './sessions-repository';

/**
 * Staff means both: the session was started as staff (the address was in
 * STAFF_EMAILS or on the team at login) and the address is on the team now.
 * So an address invited counts from its next login, and one removed loses its
 * rights at its very next request. The session itself keeps working for the
 * applicant calls (it belongs to an ordinary account).
 */
export async function isStaffSession(deps: Pick<AppDeps, 'config' | 'db'>, session: Session): Promise<boolean> {
  return session.isStaff && (await memberAccess(deps, session.userId, session.username)) !== undefined;
}

/**
 * preHandler for every staff call: 401 without a live session, 403 for any
 * session that is not staff. A refusal to a logged-in caller is in the audit
 * log (who, which call, which application, when); the caller learns only 403.
 */
export function requireStaff(deps: AppDeps) {
  const secure = deps.config.publicUrl.protocol === 'https:';
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const id = readSessionCookie(request, secure);
    if (!id) refuseWithoutSession(deps, reply);
    // The session and the caller's team row in one statement (decision 051); resolved from the database on every
    // request (decision 039), so a change through any process counts at once.
    const { check, settle } = sessionCheckFor(deps, id, request.arrivedAt);
    const row = await checkLiveStaffSession(deps.db, check);
    request.session = await settle(row);
    if (!request.session || !row) refuseWithoutSession(deps, reply);
    const session = sessionOf(request);
    const access = session.isStaff ? await staffAccessFromRow(deps, session.userId, session.username, row) : undefined;
    if (access) {
      setStaffAccess(request, access);
      return;
    }
    await recordStaffDenial(
      deps.db,
      staffOf(request),
      { method: request.method, route: request.routeOptions.url ?? '', params: paramsOf(request) },
      deps.clock.now(),
    );
    throw new AppError('STAFF_ONLY');
  };
}

/** The route's parameters as asked (strings, cut short): which application and part the caller wanted. */
function paramsOf(request: FastifyRequest): Record<string, string> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v).slice(0, 200)]));
}

export function staffOf(request: FastifyRequest): StaffMember {
  const session = sessionOf(request);
  return { userId: session.userId, email: session.username };
}
