-- Scheduled exports (issue 45, docs/decisions/068-integration.md): each run of an export of the tenant file, the
-- scheduled one of a day or one an administrator started, with its tries.

CREATE TABLE export_runs (
  id uuid PRIMARY KEY,
  export_name text NOT NULL,
  -- The day the run is for, in the institution's zone ('2026-11-03'); the file is `{export_name}-{run_date}.csv`.
  run_date text NOT NULL CHECK (run_date ~ '^\d{4}-\d{2}-\d{2}$'),
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  -- 'schedule', or the address of the member who ran it now.
  started_by text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'succeeded', 'failed')),
  file_name text NOT NULL,
  rows integer,
  attempts integer NOT NULL DEFAULT 1,
  -- What went wrong at the last try (never a secret: the key is named by its file, never read into a message).
  error text,
  started_at timestamptz NOT NULL,
  attempt_started_at timestamptz NOT NULL,
  finished_at timestamptz,
  -- When a failed run is tried again; NULL once it has no tries left.
  next_attempt_at timestamptz
);
-- The scheduled run of a day is claimed by inserting its row: however many processes try, one row, one file.
CREATE UNIQUE INDEX export_runs_once_a_day ON export_runs (export_name, run_date) WHERE trigger = 'schedule';
-- One run of an export at a time ("run now" while one runs is 409 EXPORT_RUNNING).
CREATE UNIQUE INDEX export_runs_one_running ON export_runs (export_name) WHERE state = 'running';
CREATE INDEX export_runs_recent ON export_runs (export_name, started_at DESC);
CREATE INDEX export_runs_retry ON export_runs (next_attempt_at) WHERE state = 'failed' AND next_attempt_at IS NOT NULL;
