import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The deadline reminders' one-click "stop" link: the applicant's id signed
 * with the server's key (HMAC-SHA256), so it needs no login and no stored
 * token, and cannot be forged for another applicant. It can only turn
 * reminders off, which the applicant can undo in the form.
 */
const sign = (secretKey: string, userId: string) =>
  createHmac('sha256', secretKey).update(`deadline-reminders:${userId}`).digest('base64url');

export const unsubscribeToken = (secretKey: string, userId: string) => `${userId}.${sign(secretKey, userId)}`;

/** The applicant the token names, or null when it is not one this server signed. */
export function userOfUnsubscribeToken(secretKey: string, token: string): string | null {
  const [userId = '', signature = ''] = token.split('.');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) return null;
  const expected = Buffer.from(sign(secretKey, userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
