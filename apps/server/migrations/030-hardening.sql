-- Hardening (issue 11): decaying login failures, trusted devices, per-device code guesses,
-- sliding-window rate limits.

-- Failures decay: each one is forgiven LOGIN_FAILURE_DECAY_MS after the last.
ALTER TABLE login_throttle ADD COLUMN last_failure_at timestamptz;

-- OWASP device cookies: a browser on which the owner logged in before. Its failures are
-- counted apart (in login_throttle, keyed by address and device), so a stranger's
-- failures lock only untrusted clients.
CREATE TABLE trusted_devices (
  email text NOT NULL,
  device_hash text NOT NULL,
  trusted_at timestamptz NOT NULL,
  PRIMARY KEY (email, device_hash)
);
CREATE INDEX trusted_devices_age ON trusted_devices (trusted_at);

-- The browser that asked for a code guesses on its own budget; every other browser
-- shares another, so a stranger's wrong guesses cannot kill the owner's live code.
ALTER TABLE one_time_codes ADD COLUMN device_hash text;
ALTER TABLE one_time_codes ADD COLUMN foreign_attempts integer NOT NULL DEFAULT 0;

-- Sliding windows: the previous window's count, weighted by how much of it still overlaps.
ALTER TABLE rate_limits ADD COLUMN prev_hits integer NOT NULL DEFAULT 0;
