import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { generateToken, hashesEqual, hashToken } from '../../session/secrets';
import { cookieName } from '../../session/session-cookies';

/** The browser that started an OpenID sign-in: a random value in an HttpOnly cookie, its hash in the state's row. */
export const OIDC_BROWSER_COOKIE = 'ap_staff_oidc';
/** A sign-in not finished within this time is refused (and its row forgotten). */
export const OIDC_REQUEST_TTL_MS = 10 * 60_000;

const secureOf = (deps: Pick<AppDeps, 'config'>) => deps.config.publicUrl.protocol === 'https:';

/**
 * The hash of this browser's binding, setting the cookie when it has none. A browser that already has one keeps
 * it (refreshed), so two sign-ins started in two tabs can both finish. SameSite=Lax: the provider sends the
 * browser back by a top-level GET, which carries it; another site's page cannot make it finish someone else's
 * sign-in in this browser (login CSRF), since the state it would bring is bound to another browser.
 */
export function bindBrowser(request: FastifyRequest, reply: FastifyReply, deps: Pick<AppDeps, 'config'>): string {
  const secure = secureOf(deps);
  const name = cookieName(OIDC_BROWSER_COOKIE, secure);
  const known = request.cookies[name];
  const value = known && /^[\w-]{43}$/.test(known) ? known : generateToken();
  reply.setCookie(name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: OIDC_REQUEST_TTL_MS / 1000,
  });
  return hashToken(value);
}

/** Whether this request comes from the browser whose binding hashes to `expected`. */
export function isSameBrowser(request: FastifyRequest, deps: Pick<AppDeps, 'config'>, expected: string): boolean {
  const value = request.cookies[cookieName(OIDC_BROWSER_COOKIE, secureOf(deps))];
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(expected) && hashesEqual(hashToken(value), expected);
}
