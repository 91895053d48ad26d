import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { AppError } from '../http/app-error';
import { recordStaffDenial, type StaffMember } from './audit-log';
import { setStaffAccess } from './staff-access';
import { memberAccess, staffAccessFromRow } from './staff-team';
import { refuseWithoutSession, sessionOf } from './require-session';
import { readSessionCookie } from './session-cookies';
import { sessionCheckFor, type Session } from './session-store';
import { checkLiveStaffSession, type SessionProofColumns } from './sessions-repository';
import type { StaffSignInMethod } from './staff-sign-in';

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

/** How the caller's session signed in, for the step-up check and the second factor's calls. */
export interface StaffProof {
  method: StaffSignInMethod;
  /** The last proof of who they are: the sign-in, its second factor, or a fresh sign-in. */
  authenticatedAt: Date | null;
  /** A password session past its second factor (always true for SSO: the identity provider owns that). */
  secondFactorPassed: boolean;
}

const proofByRequest = new WeakMap<FastifyRequest, StaffProof>();

export function staffProofOf(request: FastifyRequest): StaffProof {
  const proof = proofByRequest.get(request);
  if (!proof) throw new AppError('STAFF_ONLY');
  return proof;
}

function proofOf(row: SessionProofColumns): StaffProof {
  return {
    method: row.auth_method,
    authenticatedAt: row.authenticated_at ? new Date(row.authenticated_at) : null,
    secondFactorPassed: row.auth_method !== 'password' || row.mfa_passed_at !== null,
  };
}

/**
 * preHandler for every staff call: 401 without a live session, 403 for any
 * session that is not staff. A refusal to a logged-in caller is in the audit
 * log (who, which call, which application, when); the caller learns only 403.
 * With STAFF_MFA=required, a password session answers 401 MFA_REQUIRED until it passes its second factor;
 * only the second factor's own calls (`beforeSecondFactor`) answer before. With STAFF_AUTH=sso, a password
 * session (one started before the change) is no staff session.
 */
export function requireStaff(deps: AppDeps, options: { beforeSecondFactor?: boolean } = {}) {
  const secure = deps.config.publicUrl.protocol === 'https:';
  const { mfaRequired, mode } = deps.config.staffAuth;
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
      const proof = proofOf(row);
      if (mode === 'sso' && proof.method === 'password') throw new AppError('SSO_REQUIRED');
      if (mfaRequired && !proof.secondFactorPassed && !options.beforeSecondFactor) throw new AppError('MFA_REQUIRED');
      setStaffAccess(request, access);
      proofByRequest.set(request, proof);
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

/**
 * The riskiest staff actions (releasing decisions, refunds, team changes, API tokens and webhooks, bulk messages)
 * answer 401 REAUTH_REQUIRED when the caller's last sign-in is older than STAFF_REAUTH_MINUTES (issue 44). The
 * console asks again (POST /api/staff/reauth, or the identity provider) and retries. After requireStaff.
 */
export function assertFreshSignIn(deps: Pick<AppDeps, 'config' | 'clock'>, request: FastifyRequest): void {
  const { authenticatedAt } = staffProofOf(request);
  const now = request.arrivedAt ?? deps.clock.now();
  if (!authenticatedAt || now.getTime() - authenticatedAt.getTime() > deps.config.staffAuth.reauthMs)
    throw new AppError('REAUTH_REQUIRED');
}

/** assertFreshSignIn as a preHandler, for a route that is risky whatever its body says. */
export function requireFreshSignIn(deps: Pick<AppDeps, 'config' | 'clock'>) {
  return async (request: FastifyRequest) => assertFreshSignIn(deps, request);
}
