import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { acceptFormBodies } from '../../http/form-body';
import { AppError } from '../../http/app-error';
import { assertSameOrigin } from '../../http/origin-guard';
import { endSessionsOf, verifyLogoutToken } from './oidc-backchannel-logout';
import { finishOidcLogin } from './oidc-callback';
import { oidcDiscovery } from './oidc-discovery';
import { OIDC_CALLBACK_PATH, startOidcLogin } from './oidc-login';
import { oidcLogout } from './oidc-logout';
import { sendSsoError } from './sso-error-page';

/** A logout token is a signed JWT of a few hundred bytes; a form past this is no provider's. */
const LOGOUT_BODY_LIMIT = 16 * 1024;

/**
 * Staff sign-in through the campus OpenID provider (issue 44), registered only when STAFF_OIDC_ISSUER is set.
 * The provider is discovered at first use, not at start (oidc-discovery.ts).
 */
export function staffOidcRoutes(deps: AppDeps) {
  const settings = deps.config.staffAuth.oidc;
  if (!settings) throw new Error('staffOidcRoutes needs STAFF_OIDC_ISSUER');
  const discovery = oidcDiscovery(settings);
  return async (app: FastifyInstance) => {
    // The provider posts its logout token as a form; this scope alone parses forms (the rest of the app: JSON).
    acceptFormBodies(app, LOGOUT_BODY_LIMIT);

    app.get<{ Querystring: { return_to?: string; prompt?: string } }>('/auth/staff/oidc/login', (req, reply) =>
      pageOnError(req, reply, async () => startOidcLogin(deps, await discovery(req.log), req, reply)),
    );

    app.get<{ Querystring: Record<string, string | undefined> }>(OIDC_CALLBACK_PATH, (req, reply) =>
      pageOnError(req, reply, () => finishOidcLogin(deps, () => discovery(req.log), req, reply)),
    );

    // Ends a session, so it must come from the product's own pages (a link on another site is refused).
    app.get('/auth/staff/oidc/logout', (req, reply) =>
      pageOnError(req, reply, async () => {
        assertSameOrigin(req, deps.config.publicUrl.origin);
        return oidcLogout(deps, () => discovery(req.log), req, reply);
      }),
    );

    // From the provider's server, with no Origin: the logout token's signature is the proof.
    app.post<{ Body: { logout_token?: unknown } | undefined }>(
      '/auth/staff/oidc/backchannel-logout',
      { config: { providerSigned: true } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const provider = await discovery(req.log);
        const who = await verifyLogoutToken(deps, provider, req.body?.logout_token);
        const ended = await endSessionsOf(deps, provider.issuer, who);
        req.log.info({ ended }, 'staff sessions ended by the OpenID provider');
        return reply.status(200).send();
      },
    );
  };
}

/** A refusal met by a browser on its way to or back from the provider is answered with a page (sso-error-page.ts). */
async function pageOnError(
  request: FastifyRequest,
  reply: FastifyReply,
  handle: () => Promise<FastifyReply>,
): Promise<FastifyReply> {
  try {
    return await handle();
  } catch (err) {
    if (err instanceof AppError) return sendSsoError(request, reply, err);
    throw err;
  }
}
