import type { Queryable } from '../../infra/db/db';
import type { StaffMember } from '../../session/require-staff';

/** What a staff member read; the detail says which part (a document key, a filter). */
export type AuditAction =
  | 'list'
  | 'export-csv'
  | 'view-application'
  | 'view-document'
  | 'view-letter'
  | 'download-packet'
  | 'create-print-token'
  | 'revoke-print-token'
  | 'print-view';

/**
 * Appends one row to the audit log: who, which application (none for a list
 * or an export), when, and what. Written in the same request as the read, and
 * before the answer leaves, so no read goes unrecorded.
 */
export async function recordStaffRead(
  db: Queryable,
  staff: StaffMember,
  applicationUserId: string | null,
  action: AuditAction,
  detail: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO staff_audit_log (staff_user_id, staff_email, application_user_id, action, detail, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [staff.userId || null, staff.email, applicationUserId, action, JSON.stringify(detail), now],
  );
}

export interface AuditRow {
  staff_email: string;
  application_user_id: string | null;
  action: AuditAction;
  detail: Record<string, unknown>;
  created_at: Date;
}

export async function auditRowsOf(db: Queryable, applicationUserId: string): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT staff_email, application_user_id, action, detail, created_at FROM staff_audit_log
     WHERE application_user_id = $1 ORDER BY id`,
    [applicationUserId],
  );
  return rows;
}
