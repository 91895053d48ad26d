-- The application's own state beside its answers, and the append-only history of every change.

ALTER TABLE applications ADD COLUMN add_another jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE applications ADD COLUMN tabs jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE applications ADD COLUMN validation_errors jsonb;
ALTER TABLE applications ADD COLUMN validated_at timestamptz;
ALTER TABLE applications ADD COLUMN submitted_at timestamptz;

-- Never updated or deleted by the application: every save adds a row with exactly what it changed.
CREATE TABLE answer_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  changes jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX answer_history_user ON answer_history (user_id, id);

-- A visitor's answers saved before they have an account, reachable by a resume link.
CREATE TABLE temporary_answers (
  token_hash text PRIMARY KEY,
  answers jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX temporary_answers_expiry ON temporary_answers (expires_at);
