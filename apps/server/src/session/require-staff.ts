import { normalizeEmail } from '@admissions/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { AppError } from '../http/app-error';
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
  return session.isStaff && deps.config.staffEmails.has(normalizeEmail(session.username));
}

/** preHandler for every staff call: 401 without a live session, 403 for any session that is not staff. */
export function requireStaff(deps: AppDeps) {
  const checkSession = requireSession(deps);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await checkSession(request, reply);
    if (!isStaffSession(deps, sessionOf(request))) throw new AppError('STAFF_ONLY');
  };
}

export interface StaffMember {
  userId: string;
  email: string;
}

export function staffOf(request: FastifyRequest): StaffMember {
  const session = sessionOf(request);
  return { userId: session.userId, email: session.username };
}
