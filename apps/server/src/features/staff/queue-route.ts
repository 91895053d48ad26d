import { normalizeEmail, programLabelOf, type QueueResponse } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';

/** The queue lists at most this many; a reviewer with more works through them oldest first. */
const QUEUE_LIMIT = 1000;

/** The reviewer's queue (decision 040): the applications assigned to them that their review has not been submitted for. */
export function queueRoute(deps: AppDeps) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
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
  };
}
