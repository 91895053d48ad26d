import type { StaffSsoInfo } from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/**
 * GET /public/staff-sso: the staff button, when single sign-on is set up (issue 44). 404 SSO_NOT_CONFIGURED, or
 * any failure, is no button: the password form is there anyway. The same for everyone, so it outlives a logout.
 */
export const STAFF_SSO_KEY = [PUBLIC_QUERY_SCOPE, 'staff-sso'] as const;

export const getStaffSso = () => api.get<StaffSsoInfo>('/public/staff-sso');

export function useStaffSso(enabled = true) {
  return useQuery({ queryKey: STAFF_SSO_KEY, queryFn: getStaffSso, enabled, throwOnError: false });
}

/** Only a console page is a place to come back to: anything else (another site, `//host`) is left out. */
export function consoleReturnPath(path: string | null | undefined): string | undefined {
  return path && /^\/staff(?:[/?#]|$)/.test(path) ? path : undefined;
}

/**
 * The provider's login, coming back to `returnTo` (a console page). `fresh`: the provider asks for the
 * password again even if the person is signed in there (OpenID Connect's prompt=login), for a risky action.
 */
export function ssoLoginUrl(info: StaffSsoInfo, { returnTo, fresh = false }: { returnTo?: string; fresh?: boolean }) {
  const params = new URLSearchParams();
  const back = consoleReturnPath(returnTo);
  if (back) params.set('return_to', back);
  if (fresh && info.protocol === 'oidc') params.set('prompt', 'login');
  const query = params.toString();
  return query ? `${info.login_url}${info.login_url.includes('?') ? '&' : '?'}${query}` : info.login_url;
}
