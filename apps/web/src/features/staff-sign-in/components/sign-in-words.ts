import type { StaffSignInMethod } from '@admissions/domain';

/** How a member signed in, in words (the team page, the member's own sign-in page). */
export const SIGN_IN_METHOD_WORDS: Record<StaffSignInMethod, string> = {
  password: 'Password',
  oidc: 'Campus account (OpenID Connect)',
  saml: 'Campus account (SAML)',
};
