import type { SignInStatus } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { requireRight } from '../../session/staff-access';
import { idpCertificateExpiresAt } from './saml-idp-metadata';

/** The console warns this long before the IdP's signing certificate expires. */
export const IDP_CERTIFICATE_WARNING_MS = 30 * 24 * 60 * 60_000;

/**
 * GET /api/staff/sign-in-status (administrators, the manage_team right): how staff sign in, and when the IdP's
 * signing certificate (SAML metadata, read at start) expires, with `idp_certificate_expiring` from 30 days before.
 * An OpenID provider's keys rotate by themselves: no expiry to watch there.
 */
export function signInStatusRoute(deps: AppDeps) {
  const { oidc, saml } = deps.config.staffAuth;
  const expiresAt = idpCertificateExpiresAt(deps.config);
  return async (app: FastifyInstance) => {
    app.get('/sign-in-status', { preHandler: requireRight(deps, 'manage_team') }, async (): Promise<SignInStatus> => {
      const left = expiresAt ? expiresAt.getTime() - deps.clock.now().getTime() : undefined;
      return {
        protocol: saml ? 'saml' : oidc ? 'oidc' : null,
        idp_certificate_expires_at: expiresAt?.toISOString() ?? null,
        idp_certificate_expiring: left !== undefined && left <= IDP_CERTIFICATE_WARNING_MS,
      };
    });
  };
}
