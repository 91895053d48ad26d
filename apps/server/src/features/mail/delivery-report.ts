import PostalMime from 'postal-mime';
import { wellFormed } from '../../http/input-guard';

/** What a bounce says, as far as the letters need it. */
export interface DeliveryReport {
  /**
   * Where the bounce was delivered (its To, Delivered-To, X-Original-To) and
   * the returned headers of the mail it is about: where a bounce tag can be.
   */
  references: string[];
  /** The first recipient the report says failed for good, with the remote server's words; null for a delay. */
  failure: { recipient: string; reason: string } | null;
}

/** Headers of the bounce itself that name the (VERP) address it was delivered to. */
const DELIVERY_HEADERS = new Set(['to', 'delivered-to', 'x-original-to', 'envelope-to']);
/** The parts a report returns the original mail's headers in (RFC 3462, RFC 3464). */
const RETURNED_PARTS = new Set(['text/rfc822-headers', 'message/rfc822', 'message/global', 'message/global-headers']);

/**
 * Reads a delivery status notification (RFC 3464: a multipart/report with a
 * message/delivery-status part), as every current MTA writes its bounces.
 * Null when the message is not one: a bounce in free text only (some very
 * old servers) cannot be read reliably and is refused rather than guessed at.
 * postal-mime does the MIME work; its limits bound nesting and header size.
 */
export async function readDeliveryReport(raw: Buffer): Promise<DeliveryReport | null> {
  const email = await PostalMime.parse(raw, { forceRfc822Attachments: true, attachmentEncoding: 'utf8' }).catch(
    () => null,
  );
  const status = email?.attachments.find((a) => a.mimeType.toLowerCase() === 'message/delivery-status');
  if (!email || !status) return null;
  const references = email.headers.filter((h) => DELIVERY_HEADERS.has(h.key)).map((h) => h.value);
  for (const part of email.attachments) {
    if (RETURNED_PARTS.has(part.mimeType.toLowerCase())) references.push(headerSection(String(part.content)));
  }
  return { references, failure: firstFailure(String(status.content)) };
}

/** The header section of a returned message: the text before its first empty line. */
function headerSection(text: string): string {
  const end = text.search(/\r?\n\r?\n/);
  return end < 0 ? text : text.slice(0, end);
}

/**
 * The delivery-status body is groups of header-like fields separated by empty
 * lines: one about the message, then one per recipient. A recipient whose
 * Action is `failed` was refused for good (a `delayed` one may still arrive).
 */
function firstFailure(body: string): DeliveryReport['failure'] {
  const groups = body
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ') // unfold continuation lines
    .split(/\n\s*\n/)
    .map(fieldsOf);
  for (const fields of groups.slice(1)) {
    if (fields.get('action')?.toLowerCase() !== 'failed') continue;
    const recipient = afterType(fields.get('final-recipient') ?? fields.get('original-recipient') ?? '');
    const diagnostic = afterType(fields.get('diagnostic-code') ?? '');
    const reason = diagnostic || `Delivery failed (status ${fields.get('status') ?? 'unknown'})`;
    return { recipient: storable(recipient), reason: storable(reason).replace(/\s+/g, ' ').slice(0, 300) };
  }
  return null;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/**
 * A remote server's words as PostgreSQL can keep them: without NUL and other control characters (a broken
 * or hostile MTA's), and with half a character (a lone surrogate) written as U+FFFD.
 */
const storable = (text: string) => wellFormed(text.replace(CONTROL, ''));

function fieldsOf(group: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of group.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

/** `rfc822; a@b` → `a@b`, `smtp; 550 …` → `550 …` (the address or diagnostic type comes first). */
const afterType = (value: string) => value.slice(value.indexOf(';') + 1).trim();
