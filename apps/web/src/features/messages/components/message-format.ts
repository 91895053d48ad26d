import {
  localTimeToInstant,
  MESSAGE_BODY_MAX,
  MESSAGE_PLACEHOLDERS,
  MESSAGE_SUBJECT_MAX,
  type MessageCategory,
  type MessagePlaceholder,
  type MessageState,
  type RecipientState,
  type SuppressionReason,
} from '@admissions/domain';
import { ServerError } from '../../../lib/api-errors';

export const STATE_LABELS: Record<MessageState, string> = {
  draft: 'Drafts',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  stopped: 'Stopped',
};

/** What each category means for who gets it: said beside the choice. */
export const CATEGORY_INFO: Record<MessageCategory, { label: string; meaning: string }> = {
  transactional: {
    label: 'Transactional',
    meaning:
      'About the application itself (deadlines, missing items, offers): it goes to every recipient, even one who unsubscribed from news, and carries no unsubscribe link.',
  },
  news: {
    label: 'News',
    meaning:
      'Anything else (events, reminders of what the college offers): it goes only to those who did not unsubscribe, and carries an unsubscribe link.',
  },
};

export const PLACEHOLDER_INFO: Record<MessagePlaceholder, string> = {
  first_name: "the applicant's first name",
  last_name: "the applicant's last name",
  program: 'the program applied to',
  term: 'the entry term',
  deadline: "the application's deadline, in the institution's time zone, in words",
  missing_items: 'what is still missing from the application',
  portal_link: 'a link to the portal',
};

export const placeholderText = (name: string) => `{{${name}}}`;

export const RECIPIENT_STATE_LABELS: Record<RecipientState | 'would_receive', string> = {
  would_receive: 'Would receive it',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  suppressed: 'Left out',
};

export const SUPPRESSION_LABELS: Record<SuppressionReason, string> = {
  bounced: 'address bounced',
  withdrawn: 'withdrew',
  unsubscribed: 'unsubscribed from news',
};

/** The `{{names}}` a text uses that are no placeholder (refused by the server at save as well). */
export function unknownPlaceholders(text: string): string[] {
  const known: readonly string[] = MESSAGE_PLACEHOLDERS;
  const names = [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1] ?? '');
  return [...new Set(names.filter((name) => !known.includes(name)))];
}

export interface DraftFields {
  name: string;
  subject: string;
  body: string;
}

/** The composer's own checks, before the server's: each field's messages, none when it may be saved. */
export function draftErrors({ name, subject, body }: DraftFields): Partial<Record<keyof DraftFields, string[]>> {
  const errors: Partial<Record<keyof DraftFields, string[]>> = {};
  const add = (field: keyof DraftFields, message: string) => (errors[field] = [...(errors[field] ?? []), message]);
  if (!name.trim()) add('name', 'Give the message a name (only the office sees it).');
  if (!subject.trim()) add('subject', 'Write a subject.');
  if (subject.length > MESSAGE_SUBJECT_MAX)
    add('subject', `The subject can have at most ${MESSAGE_SUBJECT_MAX} characters.`);
  if (!body.trim()) add('body', 'Write the message.');
  if (body.length > MESSAGE_BODY_MAX)
    add('body', `The message can have at most ${MESSAGE_BODY_MAX.toLocaleString('en-US')} characters.`);
  for (const [field, text] of [
    ['subject', subject],
    ['body', body],
  ] as const) {
    const unknown = unknownPlaceholders(text);
    if (unknown.length > 0)
      add(field, `No such placeholder: ${unknown.map(placeholderText).join(', ')}. Use one of those listed.`);
  }
  return errors;
}

/** The offset of a zone at an instant, as ISO writes it ('-06:00', '+05:30', '+00:00'). */
function isoOffset(instant: Date, timeZone: string): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(name);
  if (!m) return '+00:00';
  return `${m[1]}${m[2]!.padStart(2, '0')}:${m[3] ?? '00'}`;
}

/**
 * A date and time picked in the institution's zone ('2026-12-01T09:00', from a datetime-local input) as the ISO
 * time with that zone's offset then ('2026-12-01T09:00:00-06:00'), and the instant it names; null when the zone has
 * no such time (the hour the clocks skip) or it is no date. In the hour that repeats in autumn, the earlier one.
 */
export function scheduleTime(local: string, timeZone: string): { iso: string; instant: Date } | null {
  const instant = localTimeToInstant(local, timeZone);
  if (!instant) return null;
  return { iso: `${local}:00${isoOffset(instant, timeZone)}`, instant };
}

/** The number of recipients a CONFIRM_COUNT_MISMATCH refusal says there are now, when its body carries it. */
export function currentCount(error: unknown): number | undefined {
  if (!(error instanceof ServerError) || error.code !== 'CONFIRM_COUNT_MISMATCH') return undefined;
  const count = error.body?.count;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : undefined;
}

export const recipientsText = (n: number) => `${n.toLocaleString('en-US')} recipient${n === 1 ? '' : 's'}`;
