-- The office at work (issue #28; docs/decisions/039-team-in-the-database.md and
-- 040-stages-rubrics-reviews.md): the team with roles and program limits, stages,
-- rubrics, review assignments, reviews and notes.

-- One row per member, keyed by the normalised address: an invited address has no account yet.
-- STAFF_EMAILS addresses get a row at their first staff request (from_environment), for last_seen_at;
-- their rights come from the environment, never from this row.
CREATE TABLE staff_members (
  email text PRIMARY KEY,
  roles text[] NOT NULL,
  -- Program codes the member is limited to; NULL for every program.
  programs text[],
  from_environment boolean NOT NULL DEFAULT false,
  invited_at timestamptz,
  invited_by text,
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL
);

-- The ordered stages; a submitted application enters the first. Seeded with the sample stages,
-- which an administrator edits in the console (data, not configuration: no restart).
CREATE TABLE staff_stages (
  id text PRIMARY KEY,
  label text NOT NULL,
  position integer NOT NULL
);
INSERT INTO staff_stages (id, label, position) VALUES
  ('awaiting-materials', 'Awaiting materials', 1),
  ('ready-for-review', 'Ready for review', 2),
  ('committee-review', 'Committee review', 3),
  ('ready-for-decision', 'Ready for decision', 4);

-- Where each application stands. The source of truth; staff_application_index carries a copy
-- (written in the same transaction) so the list sorts and filters by an index.
CREATE TABLE application_stages (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  stage text NOT NULL,
  entered_at timestamptz NOT NULL
);

-- By program code, and 'default' for programs without one.
CREATE TABLE staff_rubrics (
  program text PRIMARY KEY,
  rubric jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
INSERT INTO staff_rubrics (program, rubric, updated_at) VALUES ('default', '{"criteria": [
  {"id": "academic", "label": "Academic preparation", "min": 1, "max": 5},
  {"id": "statement", "label": "Statement of purpose", "min": 1, "max": 5},
  {"id": "recommendations", "label": "Recommendations", "min": 1, "max": 5}
], "overall": "average"}'::jsonb, now());

CREATE TABLE review_assignments (
  application_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reviewer_email text NOT NULL,
  assigned_by text NOT NULL,
  assigned_at timestamptz NOT NULL,
  PRIMARY KEY (reviewer_email, application_user_id)
);
-- The queue: one reviewer's assignments, oldest first.
CREATE INDEX review_assignments_queue ON review_assignments (reviewer_email, assigned_at, application_user_id);
CREATE INDEX review_assignments_application ON review_assignments (application_user_id);

CREATE TABLE reviews (
  application_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reviewer_email text NOT NULL,
  scores jsonb NOT NULL,
  comment text NOT NULL,
  overall numeric,
  status text NOT NULL CHECK (status IN ('draft', 'submitted')),
  updated_at timestamptz NOT NULL,
  submitted_at timestamptz,
  PRIMARY KEY (application_user_id, reviewer_email)
);
CREATE INDEX reviews_reviewer ON reviews (reviewer_email, application_user_id);

-- Staff alone read these: no applicant call, mail, PDF copy or print data selects from this table.
CREATE TABLE staff_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  author_email text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX staff_notes_application ON staff_notes (application_user_id, created_at);

-- What the list sorts and filters by, kept in step with application_stages and reviews.
ALTER TABLE staff_application_index
  ADD COLUMN stage text,
  ADD COLUMN stage_entered_at timestamptz,
  ADD COLUMN overall_score numeric,
  ADD COLUMN review_count integer NOT NULL DEFAULT 0;
CREATE INDEX staff_index_stage_program_score ON staff_application_index (stage, program, overall_score DESC NULLS LAST, user_id);
CREATE INDEX staff_index_score ON staff_application_index (overall_score DESC NULLS LAST, user_id);
CREATE INDEX staff_index_stage ON staff_application_index (stage, stage_entered_at, user_id);
CREATE INDEX staff_index_review_count ON staff_application_index (review_count, user_id);

-- The audit log viewer: one member's rows, newest first (the primary key serves the unfiltered view).
CREATE INDEX staff_audit_log_email ON staff_audit_log (staff_email, id);
