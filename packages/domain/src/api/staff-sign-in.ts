/**
 * Staff sign-in with the campus account and a second factor (issue 44): the calls' contracts.
 * Server: features/staff-sso and features/staff-mfa. Web: the sign-in page's staff button, the second-factor
 * screens, the fresh sign-in dialog and the team page's columns.
 */

/** How a staff session signed in. */
export type StaffSignInMethod = 'password' | 'oidc' | 'saml';
/** A second factor a member can set up. */
export type SecondFactorMethod = 'totp' | 'passkey';

/** GET /public/staff-sso: the staff sign-in button, when single sign-on is set up (404 SSO_NOT_CONFIGURED if not). */
export interface StaffSsoInfo {
  /** "Staff: sign in with {label}". */
  label: string;
  /** Where the button goes: /auth/staff/oidc/login or /auth/staff/saml/login. */
  login_url: string;
  protocol: 'oidc' | 'saml';
}

/** A registered passkey, as its owner sees it (never its key). */
export interface PasskeySummary {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** GET /api/staff/mfa: the caller's second factor (answers before the second step, too). */
export interface MfaStatus {
  enrolled: boolean;
  methods: SecondFactorMethod[];
  /** How this session signed in; SSO sessions are never asked for a second factor. */
  sign_in_method: StaffSignInMethod;
  /** False while a password session still has to pass its second factor (STAFF_MFA=required). */
  second_factor_passed: boolean;
  /** Whether STAFF_MFA=required. */
  required: boolean;
  passkeys: PasskeySummary[];
  /** Single-use recovery codes not yet used. */
  recovery_codes_left: number;
}

/** POST /api/staff/mfa/totp: a new key, only while not enrolled (or after a reset). Shown once. */
export interface TotpEnrolment {
  secret: string;
  otpauth_url: string;
}

/** POST /api/staff/mfa/totp/confirm {code}, and the first passkey registered: ten codes, shown once. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** POST /api/staff/mfa/verify: one of the two. */
export interface MfaVerifyInput {
  code?: string;
  recovery_code?: string;
}

/** POST /api/staff/reauth: a fresh sign-in for a risky action (password sessions): the password or a code. */
export interface ReauthInput {
  password?: string;
  code?: string;
}

/** The team page's sign-in columns (GET /api/staff/team adds them to each member). */
export interface MemberSignIn {
  last_sign_in_at: string | null;
  last_sign_in_method: StaffSignInMethod | null;
  /** A second factor is set up (TOTP confirmed, or a passkey). */
  mfa_enrolled: boolean;
}

/** GET /api/staff/sign-in-status (administrators): the identity provider's signing certificate. */
export interface SignInStatus {
  protocol: 'oidc' | 'saml' | null;
  /** When the IdP's signing certificate expires (SAML metadata), or null when unknown. */
  idp_certificate_expires_at: string | null;
  /** True within 30 days of that expiry (or past it). */
  idp_certificate_expiring: boolean;
}
