import { rightsOf, type StaffAccessSummary, type StaffRight, type StaffRole } from '@admissions/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { AppError } from '../http/app-error';
import { recordStaffDenial, type DeniedCall } from './audit-log';
import { sessionOf } from './require-session';

/**
 * What one staff member may do, resolved once per request by requireStaff
 * (session/require-staff.ts) from the member's roles and program limits.
 */
export interface StaffAccess {
  userId: string;
  email: string;
  roles: readonly StaffRole[];
  /** Program codes the member is limited to; null for every program. */
  programs: readonly string[] | null;
  rights: ReadonlySet<StaffRight>;
}

const accessByRequest = new WeakMap<FastifyRequest, StaffAccess>();
/** The other way round: a check handed only the access (assertStaffSeesApplication) audits its refusal with the call. */
const requestByAccess = new WeakMap<StaffAccess, FastifyRequest>();

export function setStaffAccess(request: FastifyRequest, access: StaffAccess): void {
  accessByRequest.set(request, access);
  requestByAccess.set(access, request);
}

/** A staff call as the audit log records its refusal: the route's pattern and its parameters as asked, cut short. */
export function deniedCallOf(request: FastifyRequest): DeniedCall {
  const params = Object.fromEntries(
    Object.entries((request.params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v).slice(0, 200)]),
  );
  return { method: request.method, route: request.routeOptions.url ?? '', params };
}

/** The call this access was resolved for (none for an access made outside a request, as for a reviewer's). */
export function deniedCallOfAccess(access: StaffAccess): DeniedCall | undefined {
  const request = requestByAccess.get(access);
  return request ? deniedCallOf(request) : undefined;
}

export function accessFor(
  userId: string,
  email: string,
  roles: readonly StaffRole[],
  programs: readonly string[] | null,
): StaffAccess {
  return { userId, email, roles, programs, rights: rightsOf(roles) };
}

/** The caller's access; only after requireStaff has let the request through. */
export function staffAccessOf(request: FastifyRequest): StaffAccess {
  const access = accessByRequest.get(request);
  if (!access) throw new AppError('STAFF_ONLY');
  return access;
}

export function hasRight(access: StaffAccess, right: StaffRight): boolean {
  return access.rights.has(right);
}

/** Whether the member may see applications to this program ('' = not chosen yet: only unlimited members). */
export function seesProgram(access: StaffAccess, program: string): boolean {
  return access.programs === null || access.programs.includes(program);
}

export function summaryOf(access: StaffAccess): StaffAccessSummary {
  return {
    email: access.email,
    roles: [...access.roles],
    programs: access.programs === null ? null : [...access.programs],
    rights: [...access.rights],
  };
}

/**
 * preHandler for one staff route, after requireStaff: 403 STAFF_RIGHT_MISSING
 * when the member's roles do not grant the right, written to the audit log as
 * a denial like any other refused staff call.
 */
export function requireRight(deps: AppDeps, right: StaffRight) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = staffAccessOf(request);
    if (hasRight(access, right)) return;
    const session = sessionOf(request);
    await recordStaffDenial(
      deps.db,
      { userId: session.userId, email: session.username },
      { ...deniedCallOf(request), right },
      deps.clock.now(),
    );
    throw new AppError('STAFF_RIGHT_MISSING');
  };
}
