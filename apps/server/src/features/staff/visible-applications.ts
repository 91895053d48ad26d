import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { seesProgram, type StaffAccess } from '../../session/staff-access';
import { refuseUnseenPrograms } from './program-limit-refusal';
import { reindexApplications } from './console-index';
import { refuseOwnApplications } from './own-application';

/**
 * Each application's program, from the office's index; the ids it has not caught up with yet are indexed in
 * one pass first (an id that names no application stays absent). A bounded number of statements whatever the
 * number of ids: a call naming 20,000 made-up ids costs what one naming 20 does (issue 48, item 12).
 */
export async function indexedPrograms(
  deps: AppDeps,
  ctx: FormContext,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const read = async () =>
    new Map(
      (
        await deps.db.query<{ user_id: string; program: string }>(
          'SELECT user_id, program FROM staff_application_index WHERE user_id = ANY ($1::uuid[])',
          [userIds],
        )
      ).rows.map((r) => [r.user_id, r.program]),
    );
  const programs = await read();
  const missing = userIds.filter((id) => !programs.has(id));
  if (missing.length === 0) return programs;
  // Changed since the refresher's last pass: index them now rather than answer "no such application".
  await reindexApplications(deps, ctx, missing);
  return read();
}

/**
 * The bulk form of assertStaffSeesApplication: every id names an application
 * the member may see, or the whole call is 404 (the same answer as for an id
 * that names nothing), and none is the member's own, or the whole call is 403
 * OWN_APPLICATION. Answers each application's program.
 */
export async function assertStaffSeesApplications(
  deps: AppDeps,
  ctx: FormContext,
  access: StaffAccess,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  await refuseOwnApplications(deps, access, userIds, { bulk: true });
  const programs = await indexedPrograms(deps, ctx, userIds);
  for (const id of userIds) {
    const program = programs.get(id);
    if (program === undefined) throw new AppError('NOT_FOUND', { errors: { application_ids: [id] } });
    if (!seesProgram(access, program)) await refuseUnseenPrograms(deps, access, [id], { bulk: true });
  }
  return programs;
}
