import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { seesProgram, type StaffAccess } from '../../session/staff-access';
import { indexedPrograms, refuseOwnApplications, refuseUnseenPrograms } from '../staff';

/** At most this many unknown ids are named in a 404's errors: the answer to 20,000 made-up ids stays small. */
const NAMED_UNKNOWN_IDS = 100;

/**
 * Every application exists and is in the member's programs; otherwise 404, as for one application. None is
 * the member's own: otherwise 403 OWN_APPLICATION for the whole call, checked first. A bounded number of
 * statements whatever the number of ids (indexedPrograms).
 */
export async function assertSeesAll(deps: AppDeps, ctx: FormContext, access: StaffAccess, userIds: readonly string[]) {
  await refuseOwnApplications(deps, access, userIds, { bulk: true });
  const programs = await indexedPrograms(deps, ctx, userIds);
  const hidden = userIds.filter((id) => programs.has(id) && !seesProgram(access, programs.get(id)!));
  // Outside the member's programs: 404 as for no application, and audited (issue 48, item 12).
  if (hidden.length) await refuseUnseenPrograms(deps, access, hidden, { bulk: true });
  const unknown = userIds.filter((id) => !programs.has(id));
  if (unknown.length)
    throw new AppError('NOT_FOUND', { errors: { application_ids: unknown.slice(0, NAMED_UNKNOWN_IDS) } });
}
