import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { AppError } from '../http/app-error';
import { recordStaffDenial, type StaffMember } from './audit-log';
import { setStaffAccess } from './staff-access';
import { memberAccess, resolveStaffAccess } from './staff-team';
import { requireSession, sessionOf } from './require-session';
import type { Session } from './session-store';

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
  const checkSession = requireSession(deps);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await checkSession(request, reply);
    const session = sessionOf(request);
    // Resolved from the database on every request (decision 039): a change through any process counts at once.
    const access = session.isStaff ? await resolveStaffAccess(deps, session.userId, session.username) : undefined;
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
