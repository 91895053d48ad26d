-- Issue 42 (decision 062): one account holds several applications in the open cycle. Each application
-- beyond the account's own row has an owner of its own (a users row with application_of = the account),
-- as a past cycle's application already has (decision 052). The browser session names the one its form
-- calls act on; null is the account's own row.
ALTER TABLE sessions ADD COLUMN application_id uuid REFERENCES users (id) ON DELETE SET NULL;
