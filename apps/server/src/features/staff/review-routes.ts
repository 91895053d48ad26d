import {
  MAX_BULK_APPLICATIONS,
  normalizeEmail,
  programLabelOf,
  type AssignmentResult,
  type QueueResponse,
  type ReviewsResponse,
} from '@admissions/domain';
import { assignmentBody, reviewBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { hasRight, requireRight, seesProgram, staffAccessOf } from '../../session/staff-access';
import { seesEveryScore } from './blind-review';
import { memberAccess } from '../../session/staff-team';
import { assertStaffSeesApplication } from './application-detail';
import { checkReview } from './review-rules';
import { isAssigned, lockOwnReview, reviewsOf, saveReview } from './reviews-repository';
import { rubricOf } from './rubrics-repository';
import { recordAuditRows } from './stages-routes';
import { assertStaffSeesApplications } from './visible-applications';
import { applicationsOfAddress } from './own-application';

type Params = { userId: string };

/** The queue lists at most this many; a reviewer with more works through them oldest first. */
const QUEUE_LIMIT = 1000;

/**
 * Assignments, the reviewer's queue and reviews (decision 040). Only an
 * assigned reviewer saves a review of an application; the others' reviews
 * stay hidden until the caller's own is submitted, unless the caller decides
 * or manages the team.
 */
export function reviewRoutes(deps: AppDeps, ctx: FormContext) {
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
        if (unseen.length > 0) throw new AppError('REVIEWER_CANNOT_REVIEW', { errors: { application_ids: unseen } });
        // A reviewer's own application would wait in their queue for a review they may not write (OWN_APPLICATION).
        const own = await applicationsOfAddress(deps.db, reviewer, ids);
        if (own.length > 0) throw new AppError('REVIEWER_CANNOT_REVIEW', { errors: { application_ids: own } });
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

    app.get('/queue', { preHandler: requireRight(deps, 'review') }, async (req): Promise<QueueResponse> => {
      const access = staffAccessOf(req);
      const staff = staffOf(req);
      const { rows } = await deps.db.query<{
        user_id: string;
        first_name: string;
        last_name: string;
        program: string;
        stage: string | null;
        assigned_at: Date;
        submitted_at: Date | null;
        has_draft: boolean;
      }>(
        // The audit row is written by the same statement as the read (one round trip, one commit): the read and
        // its record stand or fall together, and the answer waits for both as before (decision 051).
        `WITH queue AS (
           SELECT i.user_id, i.first_name, i.last_name, i.program, i.stage, a.assigned_at, i.submitted_at,
             (r.status = 'draft') IS TRUE AS has_draft
           FROM review_assignments a
           JOIN staff_application_index i ON i.user_id = a.application_user_id
           LEFT JOIN reviews r ON r.application_user_id = a.application_user_id AND r.reviewer_email = a.reviewer_email
           WHERE a.reviewer_email = $1 AND (r.status IS NULL OR r.status <> 'submitted')
             AND ($2::text[] IS NULL OR i.program = ANY ($2::text[]))
           ORDER BY a.assigned_at, a.application_user_id LIMIT ${QUEUE_LIMIT}
         ), audit AS (
           INSERT INTO staff_audit_log (staff_user_id, staff_email, application_user_id, action, detail, created_at)
           SELECT $3::uuid, $4, NULL, 'view-queue', jsonb_build_object('items', (SELECT count(*) FROM queue)), $5
         )
         SELECT * FROM queue ORDER BY assigned_at, user_id`,
        [normalizeEmail(access.email), access.programs, staff.userId || null, staff.email, now()],
        { name: 'review-queue-audited' },
      );
      return {
        items: rows.map((r) => ({
          user_id: r.user_id,
          first_name: r.first_name,
          last_name: r.last_name,
          program: r.program,
          program_label: r.program ? programLabelOf(deps.config.tenant, r.program) || r.program : '',
          stage: r.stage,
          assigned_at: new Date(r.assigned_at).toISOString(),
          submitted_at: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
          has_draft: r.has_draft,
        })),
      };
    });

    app.put<{ Params: Params }>(
      '/applications/:userId/review',
      { preHandler: requireRight(deps, 'review') },
      async (req) => {
        const { userId } = req.params;
        const access = staffAccessOf(req);
        await assertStaffSeesApplication(deps, ctx, access, userId);
        const me = normalizeEmail(access.email);
        const body = parseBody(reviewBody, req.body);
        if (!(await isAssigned(deps.db, userId, me))) throw new AppError('REVIEW_NOT_ASSIGNED');
        const rubric = await rubricOf(deps.db, userId);
        return deps.db.transaction(async (tx) => {
          const before = await lockOwnReview(tx, userId, me);
          // A submitted review stays submitted: an amendment is checked as a submission.
          const submitted = body.submit || before?.status === 'submitted';
          const checked = checkReview(rubric, body, submitted);
          await saveReview(tx, userId, me, { ...checked, comment: body.comment, submitted }, now());
          const action = before?.status === 'submitted' ? 'review-amend' : submitted ? 'review-submit' : 'review-save';
          const detail =
            action === 'review-amend'
              ? {
                  before: { scores: before!.scores, overall: before!.overall, comment: before!.comment },
                  after: checked,
                }
              : { overall: checked.overall };
          await recordStaffRead(tx, staffOf(req), userId, action, detail, now());
          const mine = (await reviewsOf(tx, userId)).find((r) => r.reviewer === me);
          return mine;
        });
      },
    );

    app.get<{ Params: Params }>(
      '/applications/:userId/reviews',
      { preHandler: requireRight(deps, 'read') },
      async (req): Promise<ReviewsResponse> => {
        const { userId } = req.params;
        const access = staffAccessOf(req);
        await assertStaffSeesApplication(deps, ctx, access, userId);
        const me = normalizeEmail(access.email);
        const [rubric, reviews, assigned] = await Promise.all([
          rubricOf(deps.db, userId),
          reviewsOf(deps.db, userId),
          isAssigned(deps.db, userId, me),
        ]);
        const mine = reviews.find((r) => r.reviewer === me) ?? null;
        const seesOthers = mine?.status === 'submitted' || seesEveryScore(access);
        // Another reviewer's draft is theirs alone, whoever asks.
        const others = seesOthers ? reviews.filter((r) => r.reviewer !== me && r.status === 'submitted') : [];
        await recordStaffRead(deps.db, staffOf(req), userId, 'view-reviews', { shown: others.length }, now());
        return { rubric, mine, others, others_hidden: !seesOthers, assigned_to_me: assigned };
      },
    );
  };
}
