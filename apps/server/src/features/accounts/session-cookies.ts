import type { FastifyReply } from 'fastify';
import { LOGIN_MARKER_COOKIE, SESSION_COOKIE } from '@admissions/domain';

/**
 * The session id travels only in an HttpOnly cookie. The marker cookie beside
 * it is readable by the web app and says no more than "someone is logged in".
 * Both are browser-session cookies; the server enforces the real lifetimes.
 */
function baseOptions(secure: boolean) {
  return { path: '/', sameSite: 'lax', secure } as const;
}

export function setSessionCookies(reply: FastifyReply, sessionId: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, sessionId, { ...baseOptions(secure), httpOnly: true });
  reply.setCookie(LOGIN_MARKER_COOKIE, '1', { ...baseOptions(secure), httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { ...baseOptions(secure), httpOnly: true });
  reply.clearCookie(LOGIN_MARKER_COOKIE, { ...baseOptions(secure), httpOnly: false });
}
