/**
 * Every table that holds part of one application, with its owner column
 * (decision 052). Starting an application for a new cycle moves the old
 * application's rows, from all of them, to the past application's owner; the
 * account's own rows (sessions, codes, logins) and the append-only audit log
 * stay where they are. A new table with a reference to users must be named
 * here or in ACCOUNT_TABLES: new-cycle.test.ts fails until it is.
 */
export const APPLICATION_TABLES: readonly { table: string; column: string }[] = [
  { table: 'applications', column: 'user_id' },
  { table: 'answer_history', column: 'user_id' },
  { table: 'web_status_events', column: 'user_id' },
  { table: 'documents', column: 'user_id' },
  { table: 'document_uploads', column: 'user_id' },
  { table: 'recommendation_requests', column: 'user_id' },
  { table: 'recommendation_mail_log', column: 'user_id' },
  { table: 'checklist_requests', column: 'user_id' },
  { table: 'checklist_waivers', column: 'user_id' },
  { table: 'checklist_receipts', column: 'user_id' },
  { table: 'superseded_documents', column: 'user_id' },
  { table: 'deadline_reminders_sent', column: 'user_id' },
  { table: 'decisions', column: 'user_id' },
  { table: 'decision_release_items', column: 'user_id' },
  { table: 'application_withdrawals', column: 'user_id' },
  { table: 'application_stages', column: 'user_id' },
  { table: 'staff_application_index', column: 'user_id' },
  { table: 'review_assignments', column: 'application_user_id' },
  { table: 'reviews', column: 'application_user_id' },
  { table: 'staff_notes', column: 'application_user_id' },
  { table: 'service_tokens', column: 'application_user_id' },
  // Fees (issue 43): the application's payments, its waiver request and its deposit's reminder.
  { table: 'payments', column: 'user_id' },
  { table: 'fee_waiver_requests', column: 'user_id' },
  { table: 'deposit_reminders_sent', column: 'user_id' },
  // Messages to groups (issue 46): each one sent is on the application's record.
  { table: 'staff_message_recipients', column: 'user_id' },
  // The campus systems' IDs written back through the read API (issue 45): the application's, moving with it.
  { table: 'application_external_ids', column: 'application_id' },
];

/** References to users that belong to the account (or to a staff member), not to its application. */
export const ACCOUNT_TABLES: readonly { table: string; column: string }[] = [
  { table: 'users', column: 'application_of' },
  { table: 'one_time_codes', column: 'user_id' },
  { table: 'sessions', column: 'user_id' },
  // The application a session has open (issue 42): a choice of the browser's, not part of the application.
  { table: 'sessions', column: 'application_id' },
  { table: 'logins', column: 'user_id' },
  // No more news (issue 46): the person's choice, whichever application the mail was about.
  { table: 'news_unsubscribes', column: 'account_id' },
  { table: 'staff_audit_log', column: 'staff_user_id' },
  // A staff member's second factor (issue 44): the account's, whatever application it may hold.
  { table: 'staff_totp', column: 'user_id' },
  { table: 'staff_recovery_codes', column: 'user_id' },
  { table: 'staff_passkeys', column: 'user_id' },
  { table: 'service_tokens', column: 'created_by' },
  // Where a moved application went (decision 064): the id the office's links named, and the owner it moved to.
  // A record of the move, not part of the application: a later move leaves it as it is.
  { table: 'moved_applications', column: 'old_id' },
  { table: 'moved_applications', column: 'new_id' },
];
