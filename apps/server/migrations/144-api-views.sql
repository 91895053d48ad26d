-- The read API's stored view of each application (issue 45's benchmark, decision 069): what GET /api/v1/applications
-- shows of it (program, term, answers shown, checklist, campus IDs) kept as JSON, so a page is one indexed read of
-- ready answers instead of deriving a hundred checklists a call. A view is used only while it is current; a call
-- that finds one that is not derives that application's as before (features/api-v1/api-views.ts).
--
-- Current means three things, each checked by the page's own statement:
-- - `version` equals the application's `api_version`, which every change of what the view shows moves: the answer
--   save and a submission (their own row), the tabs and repeats chosen (they decide which documents the checklist
--   asks for), and every change api_touch_application records (a checklist change, a released decision or a
--   response, a withdrawal, a campus ID; migration 142);
-- - `basis` equals the running configuration's (the tenant file and the view's code version): a new cycle, a new
--   fee or a renamed program makes every view old at once;
-- - `fresh_until` has not passed: the instant its checklist may change with time alone (a letter lapsing, a fee
--   falling due, the next UTC day for the date rules).
-- `api_view_stale` marks the applications whose view is to be derived again, for the refresher's indexed read; it is
-- set with every move of the version and cleared only by the refresher that wrote the view of that very version.
-- The function bodies stand on one line each: migrate.ts splits statements at a semicolon that ends a line.

ALTER TABLE applications ADD COLUMN api_version bigint NOT NULL DEFAULT 0;
ALTER TABLE applications ADD COLUMN api_view_stale boolean NOT NULL DEFAULT true;
CREATE INDEX applications_api_view_stale ON applications (user_id) WHERE api_view_stale;

CREATE TABLE application_api_views (
  -- An application moved to its past owner (decision 052, cycles/move-to-past-owner.ts) takes its view along.
  user_id uuid PRIMARY KEY REFERENCES applications (user_id) ON DELETE CASCADE ON UPDATE CASCADE,
  version bigint NOT NULL,
  basis text NOT NULL,
  fresh_until timestamptz NOT NULL,
  -- json, not jsonb: stored and read back as the very text the API sends, never parsed on the way.
  view json NOT NULL,
  derived_at timestamptz NOT NULL
);
CREATE INDEX application_api_views_fresh_until ON application_api_views (fresh_until);

CREATE FUNCTION api_view_outdated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.api_version := OLD.api_version + 1; NEW.api_view_stale := true; RETURN NEW; END $$;
CREATE TRIGGER applications_api_view_outdated BEFORE UPDATE ON applications
  FOR EACH ROW WHEN (OLD.answers IS DISTINCT FROM NEW.answers OR OLD.submitted_at IS DISTINCT FROM NEW.submitted_at
    OR OLD.add_another IS DISTINCT FROM NEW.add_another OR OLD.tabs IS DISTINCT FROM NEW.tabs
    OR OLD.cycle_id IS DISTINCT FROM NEW.cycle_id OR OLD.kept_basis IS DISTINCT FROM NEW.kept_basis)
  EXECUTE FUNCTION api_view_outdated();

-- As in 142, and the view's version moves with it even when the time does not (two changes in the same instant).
CREATE OR REPLACE FUNCTION api_touch_application(application uuid, at timestamptz) RETURNS void LANGUAGE sql AS $$
UPDATE applications SET api_updated_at = GREATEST(api_updated_at, at), api_version = api_version + 1, api_view_stale = true WHERE user_id = application AND at IS NOT NULL $$;
