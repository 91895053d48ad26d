import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppDeps } from '../../app-deps';
import { recordStaffRead } from '../../session/audit-log';
import { clearSessionCookies, readSessionCookie } from '../../session/session-cookies';
import { endSession, resumeSession } from '../../session/session-store';
import type { OidcProvider } from './oidc-discovery';

/**
 * GET /auth/staff/oidc/logout: RP-initiated logout. The caller's session ends here first (whatever the provider
 * does next), audited for a staff member; then the browser goes to the provider's end_session_endpoint, which
 * sends it back to /login, or straight to /login when the provider offers none or cannot be reached. No ID token
 * travels in the URL (the provider asks the person to confirm instead).
 */
export async function oidcLogout(
  deps: AppDeps,
  discover: () => Promise<OidcProvider>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const secure = deps.config.publicUrl.protocol === 'https:';
  const id = readSessionCookie(request, secure);
  const session = id ? await resumeSession(deps, id, request.arrivedAt) : undefined;
  if (id) await endSession(deps, id);
  if (session?.isStaff)
    await recordStaffRead(
      deps.db,
      { userId: session.accountId, email: session.username },
      null,
      'sign-out',
      { method: 'oidc' },
      deps.clock.now(),
    );
  clearSessionCookies(reply, secure);
  const signInPage = new URL('/login', deps.config.publicUrl).href;
  const provider = await discover().catch(() => undefined);
  const target = provider?.config.serverMetadata().end_session_endpoint
    ? oidc.buildEndSessionUrl(provider.config, { post_logout_redirect_uri: signInPage }).href
    : '/login';
  return reply.header('cache-control', 'no-store').redirect(target, 303);
}
