/**
 * The admissions office's roles and what each may do (issue #28). Permissions
 * are data: the server checks a right, never a role name, and the
 * authorization-matrix test walks this table.
 */
/** `bursar`: the business office; it adds the payments right to any member (issue 43). */
export const STAFF_ROLES = ['admin', 'decider', 'reviewer', 'reader', 'bursar'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_RIGHTS = [
  /** Invite, change and remove members; edit stages and rubrics; assign reviews; read the audit log and retention preview. */
  'manage_team',
  /** Record, change, release and cancel decisions; waive checklist items. */
  'decide',
  /** Save and submit one's own reviews of assigned applications. */
  'review',
  /** Move an application between stages; ask an applicant for an item again. */
  'move_stage',
  /** Read applications, documents, packets, the print view; add and read notes. */
  'read',
  /**
   * Read the office's reports (issue 47): funnel, pace, timing, yield and equality; the reviewers' report also
   * needs `decide`. Counts of decisions not yet released need `decide` too.
   */
  'reports',
  /**
   * The money (issue 43): the payments list and its CSV, an offline payment recorded, a fee waiver request
   * decided, a refund sent. Administrators have it; the bursar role gives it to any member.
   */
  'payments',
  /** Messages to groups of applicants (issue 46): write, preview, test, send, schedule and stop them. */
  'message',
] as const;
export type StaffRight = (typeof STAFF_RIGHTS)[number];

export const ROLE_RIGHTS: Record<StaffRole, readonly StaffRight[]> = {
  admin: STAFF_RIGHTS,
  decider: ['decide', 'move_stage', 'read', 'reports', 'message'],
  reviewer: ['review', 'move_stage', 'read'],
  reader: ['read', 'reports'],
  bursar: ['payments', 'read'],
};

/** Every right the given roles grant together. */
export function rightsOf(roles: readonly StaffRole[]): ReadonlySet<StaffRight> {
  return new Set(roles.flatMap((role) => ROLE_RIGHTS[role]));
}

/** Who the console is talking to: GET /api/staff/me. */
export interface StaffAccessSummary {
  email: string;
  roles: StaffRole[];
  /** Program codes this member is limited to; null for every program. */
  programs: string[] | null;
  rights: StaffRight[];
}
