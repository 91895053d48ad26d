import { normalizeEmail, type StaffRole } from '@admissions/domain';
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

/** Roles and program limits of one member, until the team lives in the database (#28 replaces this). */
export interface StaffGrant {
  roles: readonly StaffRole[];
  programs: readonly string[] | null;
}

/**
 * Grants by configuration object: nothing in production sets one (the server
 * reads no roles from its environment); only the test helper
 * test-support/staff-roles-helper.ts does, to test the role matrix before #28.
 */
const grantsByConfig = new WeakMap<object, Map<string, StaffGrant>>();

export function grantStaffRoles(config: object, email: string, grant: StaffGrant | null): void {
  const grants = grantsByConfig.get(config) ?? new Map<string, StaffGrant>();
  grantsByConfig.set(config, grants);
  if (grant) grants.set(normalizeEmail(email), grant);
  else grants.delete(normalizeEmail(email));
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
      // Until the team lives in the database (issue #28), every STAFF_EMAILS address is an administrator of every
      // program, unless a test gave it other roles (test-support/staff-roles-helper.ts).
      const grant = grantsByConfig.get(deps.config)?.get(normalizeEmail(session.username));
      setStaffAccess(
        request,
        accessFor(session.userId, session.username, grant?.roles ?? ['admin'], grant?.programs ?? null),
      );
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
