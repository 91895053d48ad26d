import {
  deadlineOf,
  escapeHtml,
  formatInZone,
  MESSAGE_PLACEHOLDERS,
  programLabelOf,
  termLabelOf,
  type ChecklistItem,
  type MessagePlaceholder,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import { loadChecklists } from '../checklist';
import { signature } from '../mail';
import { LIST_SOURCE } from '../staff';

/**
 * A message's templates (issue 46, decision 066): plain text with `{{placeholder}}`s from MESSAGE_PLACEHOLDERS,
 * each filled from the recipient's application when the mail is composed. An unknown placeholder is refused when
 * the message is saved (assertKnownPlaceholders), so a send never meets one. The mail has the text with the
 * signature every mail ends with, and an HTML part: the text escaped, its links clickable, under the college's
 * name and over the signature.
 */
export type PlaceholderValues = Record<MessagePlaceholder, string>;

/** `{{ name }}`: what a placeholder looks like (spaces inside the braces allowed). */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN = new Set<string>(MESSAGE_PLACEHOLDERS);

/** The placeholders a text names, known or not, each once in the order they first appear. */
export function placeholdersIn(...texts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const [, name = ''] of text.matchAll(PLACEHOLDER)) names.add(name);
  return [...names];
}

/** 400 MESSAGE_PLACEHOLDER_UNKNOWN naming the first placeholder that is not in MESSAGE_PLACEHOLDERS. */
export function assertKnownPlaceholders(...texts: readonly string[]): void {
  const unknown = placeholdersIn(...texts).find((name) => !KNOWN.has(name));
  if (unknown === undefined) return;
  throw new AppError('MESSAGE_PLACEHOLDER_UNKNOWN', {
    message: `The message uses a placeholder that does not exist: {{${unknown}}}. Use one of ${MESSAGE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}.`,
  });
}

/** Fills the placeholders (an unknown one, which a saved message never has, is left as written). */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    KNOWN.has(name) ? values[name as MessagePlaceholder] : whole,
  );
}

/** A rendered message: the mail's subject, its plain text (with the signature) and its HTML part. */
export interface RenderedMessage {
  subject: string;
  /** The body as written with its placeholders filled, without the signature: what the applicant's record keeps. */
  body: string;
  text: string;
  html: string;
}

const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** Escaped text with its links clickable and its lines kept. */
function htmlOf(text: string): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    out += escapeHtml(text.slice(at, match.index)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    at = match.index + url.length;
  }
  out += escapeHtml(text.slice(at));
  return out.replace(/\r?\n/g, '<br>\n');
}

/**
 * The message for one recipient's values: subject on one line, text ending with the signature, and its HTML. A news
 * message's mail (`newsUnsubscribeUrl`, the page of news-unsubscribe-token.ts) ends, in both parts, with a line
 * that says where news comes from and how to stop it, for a person whose mail client shows no List-Unsubscribe
 * button; transactional mail has none. The record's `body` never has it.
 */
export function renderMessage(
  deps: Pick<AppDeps, 'config'>,
  message: { subject: string; body: string },
  values: PlaceholderValues,
  newsUnsubscribeUrl?: string,
): RenderedMessage {
  const tenant = deps.config.tenant;
  const subject = fillPlaceholders(message.subject, values)
    .replace(/\s*\r?\n\s*/g, ', ')
    .trim();
  const body = fillPlaceholders(message.body, values);
  const sign = signature(tenant);
  const college = `${tenant.partnerName} Graduate Admissions`;
  const stop = newsUnsubscribeUrl ? `You receive news from ${college}. To stop: ${newsUnsubscribeUrl}` : '';
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1a1a1a">',
    `<p style="font-size: 18px; font-weight: bold">${escapeHtml(college)}</p>`,
    `<p>${htmlOf(body)}</p>`,
    `<p style="color: #555555">${htmlOf(sign)}</p>`,
    ...(stop ? [`<p style="color: #555555; font-size: 13px">${htmlOf(stop)}</p>`] : []),
    '</body></html>',
  ].join('\n');
  return { subject, body, text: `${body}\n\n${sign}${stop ? `\n\n${stop}` : ''}`, html };
}

/** What the placeholders are filled from: an application's row in the console's index. */
export interface RecipientFacts {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  program: string;
  entry_term: string;
  kept_program_label: string | null;
  kept_term_label: string | null;
  submitted: boolean;
}

const outstanding = (items: readonly ChecklistItem[]) =>
  items.filter((i) => i.state !== 'received' && i.state !== 'waived');

/** The index rows of these applications (those the index has). */
export async function recipientFacts(db: Queryable, userIds: readonly string[]): Promise<RecipientFacts[]> {
  const { rows } = await db.query<RecipientFacts>(
    `SELECT user_id, email, first_name, last_name, program, entry_term, kept_program_label, kept_term_label,
       submitted_at IS NOT NULL AS submitted
     FROM ${LIST_SOURCE} WHERE user_id = ANY ($1::uuid[])`,
    [userIds],
  );
  return rows;
}

/**
 * The placeholders' values for these recipients. The checklist (`{{missing_items}}`) is read only when one of
 * the texts uses it: pass the message's subject and body as `texts`.
 */
export async function placeholderValues(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  ctx: FormContext,
  db: Queryable,
  recipients: readonly RecipientFacts[],
  texts: readonly string[],
): Promise<Map<string, PlaceholderValues>> {
  const tenant = deps.config.tenant;
  const needsChecklist = placeholdersIn(...texts).includes('missing_items');
  const checklists = needsChecklist
    ? await loadChecklists(
        deps,
        ctx,
        recipients.map((r) => r.user_id),
        db,
      )
    : new Map();
  // What depends only on the program, the term or whether it is submitted is worked out once a batch: the
  // deadline's text is a time-zone conversion, 0.4 ms a recipient when done for each, which held the event loop
  // from the mail worker for about 0.2 s a hand-out batch of 500 (docs/performance/messages.md).
  const once = <T>(cache: Map<string, T>, key: string, make: () => T): T => {
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key)!;
  };
  const deadlines = new Map<string, string>();
  const programs = new Map<string, string>();
  const terms = new Map<string, string>();
  const links = new Map<string, string>();
  const out = new Map<string, PlaceholderValues>();
  for (const r of recipients) {
    const missing = outstanding(checklists.get(r.user_id)?.items ?? []);
    out.set(r.user_id, {
      first_name: r.first_name,
      last_name: r.last_name,
      program:
        r.kept_program_label ?? (r.program ? once(programs, r.program, () => programLabelOf(tenant, r.program)) : ''),
      term:
        r.kept_term_label ?? (r.entry_term ? once(terms, r.entry_term, () => termLabelOf(tenant, r.entry_term)) : ''),
      deadline: r.program
        ? once(deadlines, r.program, () => {
            const deadline = deadlineOf(tenant, r.program)?.deadline;
            return deadline ? formatInZone(deadline, tenant.time_zone) : '';
          })
        : '',
      missing_items: missing.length ? missing.map((i) => `- ${i.label}`).join('\n') : 'Nothing is missing.',
      portal_link: once(links, String(r.submitted), () => portalLink(deps, r.submitted)),
    });
  }
  return out;
}

/** The page an applicant acts on: the status page once submitted, the application's first page before. */
export const portalLink = (deps: Pick<AppDeps, 'config'>, submitted: boolean) =>
  new URL(submitted ? '/completion' : '/about', deps.config.publicUrl).toString();

/** Values that show the placeholders' shape, for a test send or preview when the segment reaches no one. */
export function sampleValues(deps: Pick<AppDeps, 'config'>): PlaceholderValues {
  const tenant = deps.config.tenant;
  const program = tenant.programs[0];
  const deadline = program ? deadlineOf(tenant, program.code)?.deadline : undefined;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    program: program ? programLabelOf(tenant, program.code) : 'Your program',
    term: tenant.terms[0] ? termLabelOf(tenant, tenant.terms[0].id) : 'Your entry term',
    deadline: deadline ? formatInZone(deadline, tenant.time_zone) : '',
    missing_items: '- College transcript\n- Letter of recommendation',
    portal_link: portalLink(deps, true),
  };
}

/**
 * The message rendered for one application, as its mail is composed when sent (null: the application is not in
 * the console's index, so there is no one to write to). `to` is the index's address of the application.
 */
export async function renderMessageFor(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  ctx: FormContext,
  db: Queryable,
  message: { subject: string; body: string },
  userId: string,
): Promise<(RenderedMessage & { to: string }) | null> {
  const [facts] = await recipientFacts(db, [userId]);
  if (!facts) return null;
  const values = (await placeholderValues(deps, ctx, db, [facts], [message.subject, message.body])).get(userId)!;
  return { to: facts.email, ...renderMessage(deps, message, values) };
}
