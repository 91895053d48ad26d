import { normalizeEmail } from '@admissions/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { AppError } from '../http/app-error';
import { recordStaffDenial, type StaffMember } from './audit-log';
import { accessFor, setStaffAccess } from './staff-access';
import { requireSession, sessionOf } from './require-session';
import type { Session } from './session-store';

/**
 * Staff means both: the session was started as staff (the address was in
 * STAFF_EMAILS at login) and the address is in the list now. So an address
 * added to the list counts from its next login, and one removed loses its
 * rights at its very next request. The session itself keeps working for the
 * applicant calls (it belongs to an ordinary account).
 */
export function isStaffSession(deps: Pick<AppDeps, 'config'>, session: Session): boolean {
  return session.isStaff && isStaffAddress(deps, session.username);
}

/**
 * Whether the address is on the staff now. What a staff member made (a print
 * link) lives only as long as this holds for its maker.
 */
export function isStaffAddress(deps: Pick<AppDeps, 'config'>, email: string): boolean {
  return deps.config.staffEmails.has(normalizeEmail(email));
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
    if (isStaffSession(deps, session)) {
      // Until the team lives in the database (issue #28), every STAFF_EMAILS address is an administrator of every program.
      setStaffAccess(request, accessFor(session.userId, session.username, ['admin'], null));
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
