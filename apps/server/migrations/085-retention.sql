-- Retention and the applicant's own data (issue 31, docs/decisions/047-retention-my-data-and-account-deletion.md).

-- The admission cycle of an application; issue 29 adds it too (whichever runs first creates it).
ALTER TABLE applications ADD COLUMN IF NOT EXISTS cycle_id text;

-- When the retention job warned that an untouched, unsubmitted application will be deleted. A warning sent
-- before the account's last activity no longer counts: a login in between keeps the account.
ALTER TABLE users ADD COLUMN retention_warned_at timestamptz;

-- What was e-mailed to an address: when, its subject and its kind. Never its text, a code or a link.
-- Keyed by the normalised address, as mail is sent; it goes with the account (account deletion).
CREATE TABLE mail_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email_norm text NOT NULL,
  kind text NOT NULL,
  subject text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX mail_log_email ON mail_log (email_norm, sent_at);
