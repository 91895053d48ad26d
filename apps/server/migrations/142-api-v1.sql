-- The read API's `updated_at` (issue 45, GET /api/v1/applications?updated_since=): when the application last
-- changed in what the API shows of it, and nothing else: its answers, its submission, its checklist (an office item,
-- a letter, a document, a fee), its released decision and the applicant's response, a withdrawal, a campus ID written
-- back. A last page or a tab chosen is no change to it. A column of applications with its own index, so a page of
-- changes is an indexed read of one table whatever the number of applications.
--
-- Kept by triggers, so no writer can forget it and none pays a statement of its own:
-- - the answer save (PUT /api/answer) already rewrites its row; a BEFORE trigger sets the column in that same row,
--   only when the answers or the submission changed (a last page or a tab saved is left alone);
-- - the other sources touch the row: answer_history's 'checklist' and 'document' rows (every checklist change is
--   appended there, core/checklist-history.ts), a decision released or answered, a withdrawal, a campus ID. The
--   answer save's own history row ('answer') is passed over by the trigger's WHEN, without calling anything.
-- Times are the writers' own (the application's clock), never now(), as everywhere here.
-- The function bodies stand on one line each: migrate.ts splits statements at a semicolon that ends a line.

ALTER TABLE applications ADD COLUMN api_updated_at timestamptz;

UPDATE applications a SET api_updated_at = GREATEST(
  a.updated_at,
  a.submitted_at,
  (SELECT max(GREATEST(d.released_at, d.response_at)) FROM decisions d WHERE d.user_id = a.user_id AND d.status = 'released'),
  (SELECT w.withdrawn_at FROM application_withdrawals w WHERE w.user_id = a.user_id),
  (SELECT max(x.set_at) FROM application_external_ids x WHERE x.application_id = a.user_id),
  (SELECT max(h.created_at) FROM answer_history h WHERE h.user_id = a.user_id AND h.kind IN ('checklist', 'document'))
);

ALTER TABLE applications ALTER COLUMN api_updated_at SET NOT NULL;
CREATE INDEX applications_api_updated ON applications (api_updated_at, user_id);

-- On insert the row's own time; on an update of the answers or the submission, the save's time.
CREATE FUNCTION api_application_saved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.api_updated_at := GREATEST(NEW.api_updated_at, NEW.updated_at, NEW.submitted_at); RETURN NEW; END $$;

CREATE TRIGGER applications_api_inserted BEFORE INSERT ON applications
  FOR EACH ROW EXECUTE FUNCTION api_application_saved();
CREATE TRIGGER applications_api_changed BEFORE UPDATE OF answers, submitted_at ON applications
  FOR EACH ROW WHEN (OLD.answers IS DISTINCT FROM NEW.answers OR OLD.submitted_at IS DISTINCT FROM NEW.submitted_at)
  EXECUTE FUNCTION api_application_saved();

-- Moves an application's api_updated_at forward to `at` (never back: a change committed late keeps the later time).
CREATE FUNCTION api_touch_application(application uuid, at timestamptz) RETURNS void LANGUAGE sql AS $$
UPDATE applications SET api_updated_at = GREATEST(api_updated_at, at) WHERE user_id = application AND at IS NOT NULL $$;

CREATE FUNCTION api_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM api_touch_application(NEW.user_id, NEW.created_at); RETURN NULL; END $$;
CREATE TRIGGER answer_history_api_changed AFTER INSERT ON answer_history
  FOR EACH ROW WHEN (NEW.kind IN ('checklist', 'document')) EXECUTE FUNCTION api_history_changed();

-- Only a released decision is in the API: a draft or a scheduled release changes nothing it shows.
CREATE FUNCTION api_decision_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM api_touch_application(NEW.user_id, GREATEST(NEW.released_at, NEW.response_at)); RETURN NULL; END $$;
CREATE TRIGGER decisions_api_inserted AFTER INSERT ON decisions
  FOR EACH ROW WHEN (NEW.status = 'released') EXECUTE FUNCTION api_decision_changed();
CREATE TRIGGER decisions_api_changed AFTER UPDATE ON decisions
  FOR EACH ROW WHEN (NEW.status = 'released' AND (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.response IS DISTINCT FROM NEW.response OR OLD.response_at IS DISTINCT FROM NEW.response_at))
  EXECUTE FUNCTION api_decision_changed();

CREATE FUNCTION api_withdrawal_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM api_touch_application(NEW.user_id, NEW.withdrawn_at); RETURN NULL; END $$;
CREATE TRIGGER application_withdrawals_api AFTER INSERT ON application_withdrawals
  FOR EACH ROW EXECUTE FUNCTION api_withdrawal_recorded();

CREATE FUNCTION api_external_id_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM api_touch_application(NEW.application_id, NEW.set_at); RETURN NULL; END $$;
CREATE TRIGGER application_external_ids_api AFTER INSERT OR UPDATE ON application_external_ids
  FOR EACH ROW EXECUTE FUNCTION api_external_id_set();
