import type { StaffSsoInfo } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';

/**
 * GET /public/staff-sso: the sign-in page's staff button ("Staff: sign in with {label}") and where it leads, for
 * whichever single sign-on is set up; 404 SSO_NOT_CONFIGURED when none is (the page then shows no button).
 */
export function publicSsoRoute(deps: Pick<AppDeps, 'config'>) {
  const info = ssoInfo(deps.config.staffAuth);
  return async (app: FastifyInstance) => {
    app.get('/staff-sso', async (): Promise<StaffSsoInfo> => {
      if (!info) throw new AppError('SSO_NOT_CONFIGURED');
      return info;
    });
  };
}

function ssoInfo({ oidc, saml }: AppDeps['config']['staffAuth']): StaffSsoInfo | undefined {
  if (oidc) return { label: oidc.label, login_url: '/auth/staff/oidc/login', protocol: 'oidc' };
  if (saml) return { label: saml.label, login_url: '/auth/staff/saml/login', protocol: 'saml' };
  return undefined;
}
