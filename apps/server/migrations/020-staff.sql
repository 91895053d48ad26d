-- The admissions office (docs/decisions/011-staff-console.md): staff sessions, the audit log of
-- staff reads, print-view service tokens, and the console's read model of the applications.

-- Decided at login from STAFF_EMAILS; every staff call re-checks the address against the current list.
ALTER TABLE sessions ADD COLUMN is_staff boolean NOT NULL DEFAULT false;

-- Append-only: who read which application, when, and what they read.
CREATE TABLE staff_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  staff_email text NOT NULL,
  application_user_id uuid,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX staff_audit_log_application ON staff_audit_log (application_user_id, created_at);
CREATE INDEX staff_audit_log_staff ON staff_audit_log (staff_user_id, created_at);

-- Read-only access to one application's print data, for at most 30 minutes; only the hash is kept.
CREATE TABLE service_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  application_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX service_tokens_expiry ON service_tokens (expires_at);

-- The console's list reads this table, never applications: it is rebuilt row by row from
-- answer_history by a refresher, so the answer-save hot path does no work for the console.
CREATE TABLE staff_application_index (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  preferred_name text NOT NULL,
  program text NOT NULL,
  entry_term text NOT NULL,
  web_status text NOT NULL,
  last_change timestamptz NOT NULL,
  submitted_at timestamptz,
  missing_count integer NOT NULL,
  search_text text NOT NULL,
  -- Last name then first name, lower case without accents: the same order on every server's collation.
  sort_name text NOT NULL,
  refreshed_at timestamptz NOT NULL
);
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX staff_index_search ON staff_application_index USING gin (search_text gin_trgm_ops);
CREATE INDEX staff_index_last_change ON staff_application_index (last_change DESC, user_id);
CREATE INDEX staff_index_status_last_change ON staff_application_index (web_status, last_change DESC, user_id);
CREATE INDEX staff_index_program_last_change ON staff_application_index (program, last_change DESC, user_id);
CREATE INDEX staff_index_term_last_change ON staff_application_index (entry_term, last_change DESC, user_id);
CREATE INDEX staff_index_name ON staff_application_index ((sort_name COLLATE "C"), user_id);
CREATE INDEX staff_index_email ON staff_application_index ((lower(email) COLLATE "C"), user_id);
CREATE INDEX staff_index_submitted ON staff_application_index (submitted_at DESC NULLS LAST, user_id);

-- How far the refresher has read answer_history.
CREATE TABLE staff_index_progress (
  id integer PRIMARY KEY CHECK (id = 1),
  last_history_id bigint NOT NULL
);
INSERT INTO staff_index_progress (id, last_history_id) VALUES (1, 0);
