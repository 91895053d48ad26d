-- Whether an application is withdrawn, in its own row (issue 45): the read API's page says it of every application it
-- shows and filters by it (`state`), and probing application_withdrawals once a row was a quarter of the page's time
-- in the database (docs/performance/api-v1.md, 2026-11-30). application_withdrawals stays the record (when, why);
-- this column follows it by its triggers, so no writer can forget it. A move to a past owner (decision 052) moves the
-- row and its flag together.
-- The function bodies stand on one line each: migrate.ts splits statements at a semicolon that ends a line.

ALTER TABLE applications ADD COLUMN withdrawn boolean NOT NULL DEFAULT false;

UPDATE applications a SET withdrawn = true
WHERE EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = a.user_id);

-- As in 142, and the row says it is withdrawn.
CREATE OR REPLACE FUNCTION api_withdrawal_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN UPDATE applications SET withdrawn = true WHERE user_id = NEW.user_id; PERFORM api_touch_application(NEW.user_id, NEW.withdrawn_at); RETURN NULL; END $$;

CREATE FUNCTION application_withdrawal_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN UPDATE applications SET withdrawn = false WHERE user_id = OLD.user_id; RETURN NULL; END $$;
CREATE TRIGGER application_withdrawals_removed AFTER DELETE ON application_withdrawals
  FOR EACH ROW EXECUTE FUNCTION application_withdrawal_removed();
