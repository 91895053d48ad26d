/**
 * Messages to groups of applicants (issue 46; docs/decisions/066-messages-to-groups.md). The office writes a
 * message to a segment (the console list's own filters), previews it, sends a test to itself, and sends it
 * with the count of recipients typed back; every message sent is kept on the applicant's record.
 */
export const MESSAGE_CATEGORIES = ['transactional', 'news'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

export const MESSAGE_STATES = ['draft', 'scheduled', 'sending', 'sent', 'stopped'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** A recipient's state: suppressed ones never get the mail (bounced, withdrew, unsubscribed from news). */
export const RECIPIENT_STATES = ['queued', 'sent', 'failed', 'suppressed'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const SUPPRESSION_REASONS = ['bounced', 'withdrawn', 'unsubscribed'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** The placeholders a subject or body may use; any other `{{name}}` is refused at save (400 naming it). */
export const MESSAGE_PLACEHOLDERS = [
  'first_name',
  'last_name',
  'program',
  'term',
  'deadline',
  'missing_items',
  'portal_link',
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];

export const MESSAGE_BODY_MAX = 20_000;
export const MESSAGE_SUBJECT_MAX = 200;

/**
 * Whom a message goes to: the console list's own filter parameters (`GET /api/staff/applications`), each a
 * value or a list of values, narrowed on the server to the member's programs. Withdrawn applicants are left out
 * unless `include_withdrawn`.
 */
export interface MessageSegment {
  program?: string | string[];
  term?: string | string[];
  stage?: string | string[];
  status?: string | string[];
  complete?: 'yes' | 'no' | ('yes' | 'no')[];
  decision?: string | string[];
  decision_state?: string | string[];
  fee?: string | string[];
  cycle?: string;
  include_withdrawn?: boolean;
}

export interface MessageCounts {
  recipients: number;
  sent: number;
  failed: number;
  suppressed: number;
  queued: number;
}

/** A message as the office sees it (GET /api/staff/messages, …/{id}). */
export interface StaffMessage {
  id: string;
  name: string;
  segment: MessageSegment;
  subject: string;
  body: string;
  category: MessageCategory;
  state: MessageState;
  /** When it is to go (scheduled), or went (ISO instant). */
  send_at: string | null;
  created_by: string;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  stopped_at: string | null;
  /** Now, for a draft or scheduled message: who the segment reaches, less the suppressed. */
  estimated_recipients: number;
  /** Once sending: the recipient list as it was fixed, by state. */
  counts: MessageCounts | null;
}

export interface StaffMessagesResponse {
  messages: StaffMessage[];
  time_zone: string;
}

/** GET /api/staff/messages/{id}/recipients?limit=20: who would receive it (or did). */
export interface MessageRecipientsResponse {
  total: number;
  recipients: {
    application_id: string;
    name: string;
    email: string;
    program: string;
    state: RecipientState | 'would_receive';
    suppressed_reason: SuppressionReason | null;
  }[];
}

/** POST /api/staff/messages/{id}/preview: the message rendered for one recipient. */
export interface MessagePreview {
  application_id: string | null;
  subject: string;
  body: string;
}

/** A message kept on an applicant's record: GET /api/messages (the applicant) and the office's application page. */
export interface ReceivedMessage {
  id: string;
  subject: string;
  body: string;
  sent_at: string;
  category: MessageCategory;
}

export interface ReceivedMessagesResponse {
  messages: ReceivedMessage[];
}

/**
 * An automatic e-mail sent to the application's address (the mail log: its kind, subject and time, never its
 * text), as the office sees it beside the messages to groups. Mails that carry a code or a link that opens
 * something by itself are left out (the server's list: features/messages/received-messages.ts).
 */
export interface AutomaticMail {
  kind: string;
  subject: string;
  sent_at: string;
}

/** GET /api/staff/applications/{id}/messages: the messages to groups, and the automatic e-mails, newest first. */
export interface ApplicationMessagesResponse extends ReceivedMessagesResponse {
  automatic: AutomaticMail[];
}
