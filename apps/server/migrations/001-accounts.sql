-- Accounts, one-time codes, sessions and the throttles that protect them.
-- Times are written by the application's clock, never by now(), so tests can move time.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Confirmation codes and reset tokens, stored as keyed hashes only.
CREATE TABLE one_time_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm', 'reset')),
  secret_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX one_time_codes_user_purpose ON one_time_codes (user_id, purpose, created_at DESC);

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE logins (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  logged_in_at timestamptz NOT NULL
);
CREATE INDEX logins_user ON logins (user_id, logged_in_at);

-- Keyed by the normalised address whether or not an account exists, so the
-- answers never reveal which addresses are registered.
CREATE TABLE login_throttle (
  email text PRIMARY KEY,
  failures integer NOT NULL,
  locked_until timestamptz
);

CREATE TABLE mail_requests (
  email text NOT NULL,
  purpose text NOT NULL,
  requested_at timestamptz NOT NULL
);
CREATE INDEX mail_requests_lookup ON mail_requests (email, purpose, requested_at DESC);

CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);

-- One row per applicant; the form's answers arrive with the application feature.
CREATE TABLE applications (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  answers jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_page text,
  updated_at timestamptz NOT NULL
);

CREATE TABLE web_status_events (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  web_status text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, web_status)
);
