import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { acceptFormBodies } from '../../http/form-body';
import { AppError } from '../../http/app-error';
import { finishSamlLogin } from './saml-acs';
import { SAML_ACS_PATH, SAML_LOGIN_PATH, SAML_METADATA_PATH, samlClient } from './saml-client';
import { samlIdpOf } from './saml-idp-metadata';
import { staffReturnPath } from './saml-return-to';
import { sendSsoError } from './sso-error-page';

/** A signed SAML Response is some kilobytes (a certificate, a few attributes); a form past this is no IdP's. */
const ACS_BODY_LIMIT = 128 * 1024;

/**
 * Staff sign-in through the campus SAML 2.0 identity provider (issue 44), registered only when
 * STAFF_SAML_IDP_METADATA is set. The IdP's metadata is read here, at start: a file that cannot be read or
 * understood stops the start (ConfigError).
 */
export function staffSamlRoutes(deps: AppDeps) {
  const settings = deps.config.staffAuth.saml;
  if (!settings) throw new Error('staffSamlRoutes needs STAFF_SAML_IDP_METADATA');
  const idp = samlIdpOf(settings);
  const saml = samlClient(deps, idp);
  // The same requests and checks, but the IdP asks the person again (a fresh sign-in for a risky action).
  const samlAgain = samlClient(deps, idp, { forceAuthn: true });
  return async (app: FastifyInstance) => {
    // The IdP's browser POST is a form; this scope alone parses forms (the rest of the app: JSON).
    acceptFormBodies(app, ACS_BODY_LIMIT);

    // What the college's IdP administrators load to trust this product (its entity id is this very address).
    app.get(SAML_METADATA_PATH, async (_req, reply) =>
      reply
        .type('application/samlmetadata+xml')
        .header('cache-control', 'no-store')
        .send(saml.generateServiceProviderMetadata(null, null)),
    );

    // The staff button: an AuthnRequest to the IdP (HTTP-Redirect); its id is kept on the server until answered.
    // `?prompt=login`, as for OpenID Connect: the console's fresh sign-in.
    app.get<{ Querystring: { return_to?: string; prompt?: string } }>(SAML_LOGIN_PATH, async (req, reply) => {
      const client = req.query.prompt === 'login' ? samlAgain : saml;
      const url = await client.getAuthorizeUrlAsync(staffReturnPath(req.query.return_to), undefined, {});
      return reply.header('cache-control', 'no-store').redirect(url, 303);
    });

    // The IdP posts from its own site, with no Origin of ours: the assertion's signature is the proof.
    app.post<{ Body: Record<string, string | undefined> | undefined }>(
      SAML_ACS_PATH,
      { config: { providerSigned: true } },
      (req, reply) => pageOnError(req, reply, () => finishSamlLogin(deps, { saml, idp }, req, reply)),
    );
  };
}

/** A refusal met by the browser coming back from the IdP is answered with a page (sso-error-page.ts). */
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

// The feature's other SAML pieces the composition root hands out: the console's status call and the expiry gauge.
export { signInStatusRoute } from './saml-sign-in-status-route';
export { idpCertificateExpiresAt } from './saml-idp-metadata';
