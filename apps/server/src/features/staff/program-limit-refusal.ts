import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { recordStaffActions, type DeniedCall } from '../../session/audit-log';
import { deniedCallOfAccess, type StaffAccess } from '../../session/staff-access';

/**
 * A member limited to some programs asked for applications of another (issue 48, item 12): the answer stays
 * 404, the same as for no application at all, so the member learns nothing of the others; the audit log
 * keeps one 'denied' row per application, with the call and the reason, as for a missing right.
 */
export async function refuseUnseenPrograms(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  access: StaffAccess,
  unseen: readonly string[],
  { bulk = false } = {},
): Promise<never> {
  const call: Partial<DeniedCall> = deniedCallOfAccess(access) ?? {};
  await recordStaffActions(
    deps.db,
    { userId: access.userId, email: access.email },
    unseen,
    'denied',
    { ...call, reason: 'program-not-seen' },
    deps.clock.now(),
  );
  throw new AppError('NOT_FOUND', bulk ? { errors: { application_ids: [...unseen] } } : {});
}
