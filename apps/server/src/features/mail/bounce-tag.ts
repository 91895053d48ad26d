import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { MailMessage } from '../../infra/mail/mailer';

/**
 * The mark that lets a bounce, arriving hours later at another mailbox, name
 * the mail it is about (decision 054). A tracked mail carries the tag
 * `lr-<request id, 32 hex>-<signature, 12 hex>` twice: in its envelope sender
 * (`bounces+<tag>@…`, VERP, when BOUNCE_ADDRESS is set), where the bounce is
 * delivered, and in its Message-ID, which a delivery report quotes with the
 * returned headers. Hex only, because some mail systems lower-case local parts.
 * The signature (HMAC with the server's key) keeps a made-up tag from naming
 * another applicant's request, even for a caller holding the bounce token.
 */
const TAG = /\blr-([0-9a-f]{32})-([0-9a-f]{12})\b/g;

/** The only kind of mail whose bounces are read: a request or reminder to a recommender. */
export const BOUNCE_TRACKED_KIND = 'letter-request';

const sign = (secretKey: string, hex: string) =>
  createHmac('sha256', secretKey).update(`bounce-tag\0${hex}`).digest('hex').slice(0, 12);

export function bounceTag(secretKey: string, requestId: string): string {
  const hex = requestId.replaceAll('-', '').toLowerCase();
  return `lr-${hex}-${sign(secretKey, hex)}`;
}

/** The envelope sender and Message-ID of a tracked mail to a recommender about this letter request. */
export function bounceTracking(
  config: Pick<Config, 'bounces' | 'publicUrl'>,
  secretKey: string,
  requestId: string,
): Pick<MailMessage, 'envelopeFrom' | 'messageId'> {
  const tag = bounceTag(secretKey, requestId);
  const address = config.bounces.address;
  const domain = address ? address.slice(address.lastIndexOf('@') + 1) : config.publicUrl.hostname;
  // Unique per mail (a request's reminders share its tag), as RFC 5322 asks of a Message-ID.
  const messageId = `<${tag}.${randomBytes(6).toString('hex')}@${domain}>`;
  if (!address) return { messageId };
  const at = address.lastIndexOf('@');
  return { messageId, envelopeFrom: `${address.slice(0, at)}+${tag}${address.slice(at)}` };
}

/** The letter requests whose valid tags appear in these texts (addresses, Message-IDs), each once. */
export function taggedRequests(secretKey: string, texts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const [, hex = '', signature = ''] of text.toLowerCase().matchAll(TAG)) {
      const expected = Buffer.from(sign(secretKey, hex));
      if (!timingSafeEqual(expected, Buffer.from(signature))) continue;
      found.add(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
    }
  }
  return [...found];
}
