import { MAX_BULK_APPLICATIONS, normalizeEmail, type AssignmentResult } from '@admissions/domain';
import { assignmentBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { staffOf } from '../../session/require-staff';
import { hasRight, requireRight, seesProgram, staffAccessOf } from '../../session/staff-access';
import { memberAccess } from '../../session/staff-team';
import { memberName } from '../team';
import { applicationsOfAddress } from './own-application';
import { recordAuditRows } from './stages-routes';
import { assertStaffSeesApplications } from './visible-applications';

/** The applicants' names of these applications, in the order given ('Ada Lovelace'; the id when unnamed). */
async function applicantNames(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string; name: string }>(
    `SELECT user_id, trim(concat_ws(' ', first_name, last_name)) AS name FROM staff_application_index
     WHERE user_id = ANY ($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.user_id, r.name]));
  return ids.map((id) => byId.get(id) || id);
}

/**
 * A refusal that names the applicants (issue 49), not their ids: the message says who may not review and why,
 * `applicants` lists the applicants' names and `application_ids` their ids, in the same order.
 */
async function refuseApplicants(
  deps: AppDeps,
  reviewer: string,
  ids: string[],
  why: (one: boolean) => string,
): Promise<never> {
  const [names, reviewerName] = await Promise.all([applicantNames(deps.db, ids), memberName(deps.db, reviewer)]);
  const one = ids.length === 1;
  throw new AppError('REVIEWER_CANNOT_REVIEW', {
    message: `${reviewerName ?? reviewer} cannot review ${one ? 'this application' : 'these applications'}: ${why(one)}.`,
    errors: { applicants: names, application_ids: ids },
  });
}

/**
 * Applications assigned to a reviewer (decision 040), by an administrator (manage_team): only to a member who
 * may review and sees each application's program, never their own application; one audit row an application.
 */
export function assignmentRoute(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    app.post(
      '/assignments',
      { preHandler: requireRight(deps, 'manage_team') },
      async (req): Promise<AssignmentResult> => {
        const body = parseBody(assignmentBody, req.body);
        const ids = [...new Set(body.application_ids.map((id) => id.toLowerCase()))];
        if (ids.length > MAX_BULK_APPLICATIONS) throw new AppError('TOO_MANY_APPLICATIONS');
        const reviewer = normalizeEmail(body.reviewer);
        const reviewerAccess = await memberAccess(deps, '', reviewer);
        if (!reviewerAccess) throw new AppError('REVIEWER_UNKNOWN');
        if (!hasRight(reviewerAccess, 'review')) throw new AppError('REVIEWER_CANNOT_REVIEW');
        const programs = await assertStaffSeesApplications(deps, ctx, staffAccessOf(req), ids);
        const unseen = ids.filter((id) => !seesProgram(reviewerAccess, programs.get(id) ?? ''));
        if (unseen.length > 0) {
          await refuseApplicants(deps, reviewer, unseen, (one) =>
            one ? 'it is in a program outside theirs' : 'they are in programs outside theirs',
          );
        }
        // A reviewer's own application would wait in their queue for a review they may not write (OWN_APPLICATION).
        const own = await applicationsOfAddress(deps.db, reviewer, ids);
        if (own.length > 0) {
          await refuseApplicants(deps, reviewer, own, (one) => (one ? 'it is their own' : 'they are their own'));
        }
        return deps.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ application_user_id: string }>(
            `INSERT INTO review_assignments (application_user_id, reviewer_email, assigned_by, assigned_at)
           SELECT u, $2, $3, $4 FROM unnest($1::uuid[]) AS u
           ON CONFLICT DO NOTHING RETURNING application_user_id`,
            [ids, reviewer, staffOf(req).email, now()],
          );
          const assigned = rows.map((r) => r.application_user_id);
          await recordAuditRows(tx, staffOf(req), assigned, 'assign', { reviewer }, now());
          return { assigned: assigned.length, already_assigned: ids.length - assigned.length };
        });
      },
    );
  };
}
