-- Staff sign-in with the campus account and a second factor (issue 44; docs/decisions/067-staff-sign-in.md).

-- How the session's person proved who they are, and when. `auth_method`: 'password', 'oidc' or 'saml'.
-- `authenticated_at`: the last proof (sign-in, second factor or a fresh sign-in for a risky action), which the
-- step-up check reads. `mfa_passed_at`: when a password session passed its second factor (NULL: not yet).
-- `sso_sid`/`sso_sub`: the identity provider's session and subject, which a back-channel logout names.
ALTER TABLE sessions ADD COLUMN auth_method text NOT NULL DEFAULT 'password'
  CHECK (auth_method IN ('password', 'oidc', 'saml'));
ALTER TABLE sessions ADD COLUMN authenticated_at timestamptz;
ALTER TABLE sessions ADD COLUMN mfa_passed_at timestamptz;
ALTER TABLE sessions ADD COLUMN sso_issuer text;
ALTER TABLE sessions ADD COLUMN sso_sid text;
ALTER TABLE sessions ADD COLUMN sso_sub text;
-- The pending WebAuthn challenge of this session (registration or sign-in), used once.
ALTER TABLE sessions ADD COLUMN webauthn_challenge text;
CREATE INDEX sessions_sso_sid ON sessions (sso_issuer, sso_sid) WHERE sso_sid IS NOT NULL;
CREATE INDEX sessions_sso_sub ON sessions (sso_issuer, sso_sub) WHERE sso_sub IS NOT NULL;

-- The team page's "last sign-in" is the member's latest 'sign-in' row of the audit log (one source of truth, and
-- it holds for the STAFF_EMAILS administrators, who have no staff_members row before their first staff call).
CREATE INDEX staff_audit_log_sign_ins ON staff_audit_log (staff_email, created_at DESC) WHERE action = 'sign-in';

-- A member's TOTP key, sealed with the server's key (AES-256-GCM; it must be read back to check a code, so it
-- cannot be hashed). `confirmed_at` NULL: enrolment started, not yet confirmed with a code. `last_step`: the
-- time step of the last code accepted, so no code is accepted twice.
CREATE TABLE staff_totp (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  last_step bigint NOT NULL DEFAULT 0
);

-- Ten single-use recovery codes per member, stored as keyed hashes only.
CREATE TABLE staff_recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- Passkeys registered as a second factor.
CREATE TABLE staff_passkeys (
  credential_id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX staff_passkeys_user ON staff_passkeys (user_id);

-- Sign-in requests sent to the identity provider, kept on the server so that every process can finish them:
-- OpenID Connect's state (with its nonce and PKCE verifier, bound to the browser by `browser_hash`) and SAML's
-- request ids (node-saml's cache provider). A row is used once (deleted when the answer comes back).
CREATE TABLE staff_sso_requests (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('oidc', 'saml')),
  value text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX staff_sso_requests_created ON staff_sso_requests (created_at);

-- SAML assertion ids already accepted, until they expire: a replayed assertion is refused.
CREATE TABLE staff_saml_assertions (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
