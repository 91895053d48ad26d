import { normalizeEmail, type AuditResponse } from '@admissions/domain';
import { auditQuery } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { refuseOwnApplications } from './own-application';

const PAGE_SIZE = 50;

/**
 * The audit log viewer's data (administrators): newest first, by member and by application. The rows of the
 * administrator's own application are left out, and asking for them by id is refused (OWN_APPLICATION): they
 * carry the office's work on it, down to a review's amended scores and comment.
 */
export function auditRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.get('/audit', { preHandler: requireRight(deps, 'manage_team') }, async (req): Promise<AuditResponse> => {
      const query = parseBody(auditQuery, req.query);
      const access = staffAccessOf(req);
      if (query.application) await refuseOwnApplications(deps, access, [query.application]);
      const params: unknown[] = [access.userId];
      const conditions: string[] = [
        `(application_user_id IS NULL OR application_user_id NOT IN (SELECT id FROM users WHERE id = $1 OR application_of = $1))`,
      ];
      if (query.member) {
        params.push(normalizeEmail(query.member));
        conditions.push(`staff_email = $${params.length}`);
      }
      if (query.application) {
        params.push(query.application);
        conditions.push(`application_user_id = $${params.length}`);
      }
      const where = `WHERE ${conditions.join(' AND ')}`;
      const { rows } = await deps.db.query<{
        id: string;
        staff_email: string;
        application_user_id: string | null;
        action: string;
        detail: Record<string, unknown>;
        created_at: Date;
      }>(
        `SELECT id, staff_email, application_user_id, action, detail, created_at FROM staff_audit_log ${where}
         ORDER BY id DESC LIMIT ${PAGE_SIZE + 1} OFFSET ${(query.page - 1) * PAGE_SIZE}`,
        params,
      );
      await recordStaffRead(deps.db, staffOf(req), null, 'view-audit', { ...query }, deps.clock.now());
      return {
        entries: rows.slice(0, PAGE_SIZE).map((r) => ({
          id: String(r.id),
          staff_email: r.staff_email,
          application_user_id: r.application_user_id,
          action: r.action,
          detail: r.detail,
          created_at: new Date(r.created_at).toISOString(),
        })),
        page: query.page,
        page_size: PAGE_SIZE,
        has_more: rows.length > PAGE_SIZE,
      };
    });
  };
}
