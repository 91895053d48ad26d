import { normalizeEmail, type ReviewsResponse } from '@admissions/domain';
import { reviewBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { seesEveryScore } from './blind-review';
import { assertStaffSeesApplication } from './application-detail';
import { checkReview } from './review-rules';
import { isAssigned, lockOwnReview, reviewsOf, saveReview } from './reviews-repository';
import { rubricOf } from './rubrics-repository';

type Params = { userId: string };

/**
 * Reviews (decision 040; the assignments and the reviewer's queue are
 * assignment-route.ts and queue-route.ts). Only an assigned reviewer saves a
 * review of an application; the others' reviews stay hidden until the
 * caller's own is submitted, unless the caller decides or manages the team.
 */
export function reviewRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
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
          const checked = checkReview(rubric, body, submitted, before?.scores);
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
