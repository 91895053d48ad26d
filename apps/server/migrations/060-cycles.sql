-- Issue 29 (decision 042): every application belongs to the admission cycle that was open when it was
-- started, and a submission in a program's grace window is marked late.

-- The cycle the tenant file opens, written by every process at boot (core/open-cycle.ts). One row.
CREATE TABLE portal_cycle (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  cycle_id text NOT NULL,
  recorded_at timestamptz NOT NULL
);

-- The default of applications.cycle_id, so every statement that starts an application puts it in the open cycle.
CREATE FUNCTION current_cycle_id() RETURNS text LANGUAGE sql STABLE AS $$ SELECT cycle_id FROM portal_cycle $$;

-- Rows older than this migration get the first cycle recorded at boot (core/open-cycle.ts).
ALTER TABLE applications ADD COLUMN cycle_id text DEFAULT current_cycle_id();
ALTER TABLE applications ADD COLUMN late boolean NOT NULL DEFAULT false;

ALTER TABLE staff_application_index ADD COLUMN cycle_id text;
ALTER TABLE staff_application_index ADD COLUMN late boolean NOT NULL DEFAULT false;
CREATE INDEX staff_index_cycle_last_change ON staff_application_index (cycle_id, last_change DESC, user_id);
