import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

/**
 * The one-click "no more news" link of a news message (issue 46, decision 066; RFC 8058): the account's id signed
 * with the server's key (HMAC-SHA256), so it needs no login and no stored token, and cannot be made for another
 * account. It names the person (the account), not one application: news stops for all of their applications.
 * Another purpose than the deadline reminders' link (features/status), so neither token opens the other.
 */
const sign = (secretKey: string, accountId: string) =>
  createHmac('sha256', secretKey).update(`news-unsubscribe:${accountId}`).digest('base64url');

export const newsUnsubscribeToken = (secretKey: string, accountId: string) =>
  `${accountId.toLowerCase()}.${sign(secretKey, accountId.toLowerCase())}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The account the token names, or null when it is not one this server signed. */
export function accountOfNewsUnsubscribeToken(secretKey: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [accountId = '', signature = '', ...rest] = token.split('.');
  if (rest.length || !UUID.test(accountId)) return null;
  const expected = Buffer.from(sign(secretKey, accountId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? accountId : null;
}

/** Where the link leads: the route that records it (news-unsubscribe-route.ts), on the public address. */
export const NEWS_UNSUBSCRIBE_PATH = '/public/messages/unsubscribe';

export function newsUnsubscribeUrl(config: Pick<Config, 'publicUrl'>, secretKey: string, accountId: string): string {
  const url = new URL(NEWS_UNSUBSCRIBE_PATH, config.publicUrl);
  url.searchParams.set('token', newsUnsubscribeToken(secretKey, accountId));
  return url.toString();
}

/**
 * The web page a person opens from the line at the end of a news message (apps/web, features/messages): it says
 * what the link does and POSTs the token to NEWS_UNSUBSCRIBE_PATH with one button, so opening it changes nothing.
 */
export const NEWS_UNSUBSCRIBE_PAGE = '/unsubscribe-news';

export function newsUnsubscribePageUrl(
  config: Pick<Config, 'publicUrl'>,
  secretKey: string,
  accountId: string,
): string {
  const url = new URL(NEWS_UNSUBSCRIBE_PAGE, config.publicUrl);
  url.searchParams.set('token', newsUnsubscribeToken(secretKey, accountId));
  return url.toString();
}

/**
 * The header fields of a news message (RFC 2369 and RFC 8058): a mailbox provider shows its own "unsubscribe"
 * button, and one click POSTs `List-Unsubscribe=One-Click` to the link, with no login and no cookie.
 * Transactional mail carries none.
 */
export function newsUnsubscribeHeaders(
  config: Pick<Config, 'publicUrl'>,
  secretKey: string,
  accountId: string,
): Record<string, string> {
  return {
    'List-Unsubscribe': `<${newsUnsubscribeUrl(config, secretKey, accountId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
