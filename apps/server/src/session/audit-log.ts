import type { AuditActionName } from '@admissions/domain';
import type { Queryable } from '../infra/db/db';
import { isUuid } from '../http/is-uuid';

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
  | 'print-view'
  // The office at work (issue #28): reads of the working data, and every write.
  | 'view-team'
  | 'team-invite'
  | 'team-change'
  | 'team-remove'
  | 'view-stages'
  | 'stages-change'
  | 'stage-move'
  | 'view-rubrics'
  | 'rubrics-change'
  | 'assign'
  | 'view-queue'
  | 'view-reviews'
  | 'review-save'
  | 'review-submit'
  | 'review-amend'
  | 'view-notes'
  | 'note-add'
  | 'view-audit'
  /** A dry run of the retention job (features/retention): counts by rule, and the applications it would delete. */
  | 'retention-preview'
  /**
   * The checklist's office items (decision 044): a document asked for, withdrawn; a document marked received by
   * the office (issue 41), taken back; an item waived, taken back.
   */
  | 'request-item'
  | 'withdraw-request'
  | 'receive-item'
  | 'unreceive-item'
  | 'waive-item'
  | 'unwaive-item'
  /** Decisions (features/decisions): recorded, read, released (one row per application), a release cancelled. */
  | 'record-decision'
  | 'view-decisions'
  | 'release-decision'
  | 'cancel-release'
  /** A report read (features/reports, issue 47): which one, its filters and format. */
  | 'view-report'
  /**
   * The money (features/payments, issue 43): payments read (the list, its CSV, an application's panel), an
   * offline payment recorded, a fee waiver request decided, a refund sent.
   */
  | 'view-payments'
  | 'record-payment'
  | 'decide-fee-waiver'
  | 'refund-payment'
  /**
   * Messages to groups of applicants (features/messages, issue 46): the messages read (the list, one, its recipients,
   * a preview: detail.part), a draft written or changed (detail.created on the first save), deleted, a test sent to
   * the member's own address, a message sent or scheduled, and stopped. Each detail names the message and its name.
   */
  | 'view-messages'
  | 'message-save'
  | 'message-delete'
  | 'message-test'
  | 'message-send'
  | 'message-stop'
  /**
   * Staff sign-in (issue 44): detail.method ('password', 'oidc', 'saml'; detail.factor for the second step:
   * 'totp', 'passkey', 'recovery-code'), detail.reason of a failure; a sign-out with detail.by 'idp' when the
   * identity provider ended the session (back-channel logout); detail.email of the member whose factor was reset
   * (an administrator's reset); detail.passkey, the name of a passkey its member removed from their own account.
   */
  | 'sign-in'
  | 'sign-in-failed'
  | 'reauth'
  | 'sign-out'
  | 'mfa-enrol'
  | 'mfa-reset'
  | 'mfa-remove'
  /** Scheduled exports (features/exports, issue 45): their runs read; a run started now (detail.name, detail.run_id). */
  | 'view-exports'
  | 'export-run'
  /**
   * API tokens (features/api-tokens, issue 45): the list read, a token made (detail: token_id, name, scopes,
   * programs, expires_at; never its secret) or revoked (token_id, name). `api-call`: a call of /api/v1, recorded
   * with staff_email `api-token:<name>` and no staff_user_id; detail.token_id, detail.call (what it did) and the
   * call's own detail.
   */
  | 'view-api-tokens'
  | 'api-token-create'
  | 'api-token-revoke'
  | 'api-call'
  /**
   * Webhooks (features/webhooks, issue 45): the endpoints or a delivery log read (detail.part), an endpoint made
   * (detail: endpoint_id, url, events; never its secret) or removed, a test event sent, a delivery sent again.
   */
  | 'view-webhooks'
  | 'webhook-create'
  | 'webhook-delete'
  | 'webhook-test'
  | 'webhook-resend'
  /**
   * A staff call refused with 403: the caller is not, or no longer, staff (session/require-staff.ts), lacks the
   * right (detail.right), or named their own application (detail.conflict, features/staff/own-application.ts).
   */
  | 'denied';

// The console's names of the actions (AUDIT_ACTION_LABELS in the domain) name exactly these.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const actionsNamed: Same<AuditAction, AuditActionName> = true;
void actionsNamed;

/**
 * The page views: reads that show a screen, and nothing leaves the office's hands. The audit log viewer folds
 * those of one member, of one application (or none), within one minute into one entry that counts them
 * (issue 49). Every other action is one entry each: the writes, the denials, and the reads that take data away
 * (export-csv, download-packet) or that are a job of their own (retention-preview).
 */
export const PAGE_VIEW_ACTIONS: readonly AuditAction[] = [
  'list',
  'view-application',
  'view-document',
  'view-letter',
  'print-view',
  'view-team',
  'view-stages',
  'view-rubrics',
  'view-queue',
  'view-reviews',
  'view-notes',
  'view-audit',
  'view-decisions',
  'view-report',
  'view-messages',
  'view-api-tokens',
  'view-webhooks',
  'view-exports',
];

/** Who is recorded: a staff member, or for a denial whoever was logged in. */
export interface StaffMember {
  userId: string;
  email: string;
}

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

/** One audit row's values, as recordStaffRead writes them. */
export interface AuditEntry {
  staff: StaffMember;
  applicationUserId: string | null;
  action: AuditAction;
  detail: Record<string, unknown>;
  now: Date;
}

/**
 * The audit row of a read as part of the read's own statement (a data-modifying CTE): `INSERT … SELECT … <from>`,
 * `param` numbering its values among the statement's. `extraDetail`, an SQL expression over `<from>` (a count of
 * the rows read), is merged into the detail. The read and its row commit together, in one round trip.
 */
export function auditRowSql(param: (value: unknown) => string, row: AuditEntry, extraDetail = `'{}'::jsonb`): string {
  return `INSERT INTO staff_audit_log (staff_user_id, staff_email, application_user_id, action, detail, created_at)
    SELECT ${param(row.staff.userId || null)}::uuid, ${param(row.staff.email)}, ${param(row.applicationUserId)}::uuid,
      ${param(row.action)}, ${param(JSON.stringify(row.detail))}::jsonb || ${extraDetail}, ${param(row.now)}::timestamptz`;
}

/** One row per application for an action on many at once (a release): one statement whatever their number. */
export async function recordStaffActions(
  db: Queryable,
  staff: StaffMember,
  applicationUserIds: readonly string[],
  action: AuditAction,
  detail: Record<string, unknown>,
  now: Date,
): Promise<void> {
  if (applicationUserIds.length === 0) return;
  await db.query(
    `INSERT INTO staff_audit_log (staff_user_id, staff_email, application_user_id, action, detail, created_at)
     SELECT $1, $2, id, $4, $5::jsonb, $6 FROM unnest($3::uuid[]) AS id`,
    [staff.userId || null, staff.email, applicationUserIds, action, JSON.stringify(detail), now],
  );
}

/** A staff call that was refused, as the caller asked it. */
export interface DeniedCall {
  method: string;
  /** The route's pattern ('/api/staff/applications/:userId'), not the raw URL. */
  route: string;
  params: Record<string, string>;
  /** The right the caller lacked, when the call was refused for a role rather than for not being staff. */
  right?: string;
  /** Why a member who had the right was refused: the application is their own (a conflict of interest). */
  conflict?: 'own-application';
}

/**
 * Records a refused staff call under the application it named, when it named
 * one (a well-formed id; the id is in the detail whatever it was), so the
 * office reads who tried to open an application beside who did.
 */
export async function recordStaffDenial(db: Queryable, caller: StaffMember, call: DeniedCall, now: Date) {
  const target = call.params.userId && isUuid(call.params.userId) ? call.params.userId.toLowerCase() : null;
  await recordStaffRead(db, caller, target, 'denied', { ...call }, now);
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
