import type { FastifyReply, FastifyRequest } from 'fastify';
import { HOST_COOKIE_PREFIX, LOGIN_MARKER_COOKIE, SESSION_COOKIE } from '@admissions/domain';

/**
 * The session id travels only in an HttpOnly cookie. The marker cookie beside
 * it is readable by the web app and says no more than "someone is logged in".
 * Both are browser-session cookies; the server enforces the real lifetimes.
 *
 * Over https every cookie name carries the `__Host-` prefix: the browser then
 * accepts it only from this exact host, Secure, for Path=/ and with no Domain,
 * so a sibling subdomain cannot plant or overwrite it. The web app finds the
 * marker by its prefix after `__Host-` (apps/web/src/features/session/login-cookie.ts).
 */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `${HOST_COOKIE_PREFIX}${base}` : base;
}

function baseOptions(secure: boolean) {
  return { path: '/', sameSite: 'lax', secure } as const;
}

export function readSessionCookie(request: FastifyRequest, secure: boolean): string | undefined {
  return request.cookies[cookieName(SESSION_COOKIE, secure)];
}

export function setSessionCookies(reply: FastifyReply, sessionId: string, secure: boolean): void {
  reply.setCookie(cookieName(SESSION_COOKIE, secure), sessionId, { ...baseOptions(secure), httpOnly: true });
  reply.setCookie(cookieName(LOGIN_MARKER_COOKIE, secure), '1', { ...baseOptions(secure), httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(cookieName(SESSION_COOKIE, secure), { ...baseOptions(secure), httpOnly: true });
  reply.clearCookie(cookieName(LOGIN_MARKER_COOKIE, secure), { ...baseOptions(secure), httpOnly: false });
}
