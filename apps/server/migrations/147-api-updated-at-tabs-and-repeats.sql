-- The read API's `updated_at` (issue 45) moves when the applicant chooses another tab or adds or removes a repeat:
-- they decide which documents the checklist asks for and which answers the API shows, as migration 144 already
-- counts them for the stored views. Migration 142 counted them as no change, so a tab chosen back (its pane's
-- answers already empty: no answer changes with it) changed the checklist an `updated_since` client had read,
-- and the application was never among its changes. A last page saved is still no change.
-- The answer save, the tabs and the repeats each rewrite their own row (core/application-repository.ts), with the
-- save's time in updated_at, which api_application_saved carries into api_updated_at.

DROP TRIGGER applications_api_changed ON applications;
CREATE TRIGGER applications_api_changed BEFORE UPDATE OF answers, submitted_at, add_another, tabs ON applications
  FOR EACH ROW WHEN (OLD.answers IS DISTINCT FROM NEW.answers OR OLD.submitted_at IS DISTINCT FROM NEW.submitted_at
    OR OLD.add_another IS DISTINCT FROM NEW.add_another OR OLD.tabs IS DISTINCT FROM NEW.tabs)
  EXECUTE FUNCTION api_application_saved();
