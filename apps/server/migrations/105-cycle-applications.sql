-- Issue 29 (decision 052): each cycle's application has its own owner key. When an applicant whose
-- application belongs to a closed cycle starts one for the open cycle, every row of the old one moves
-- to a new owner: a users row that is no account (application_of names the account), which nobody
-- logs in as. The office keeps reading and deciding on it under its cycle; the applicant reads it
-- through the account. The account's live row then starts afresh in the open cycle.
ALTER TABLE users ADD COLUMN application_of uuid REFERENCES users (id) ON DELETE CASCADE;
CREATE INDEX users_application_of ON users (application_of) WHERE application_of IS NOT NULL;

-- The owner of a past application keeps the account's address (the office and a decision's mail read
-- it there), so an address is unique among accounts only.
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE application_of IS NULL;

-- Once, instead of at every start (core/open-cycle.ts did it until now): applications older than
-- migration 060 join the cycle recorded by the last start. On a database that never started there
-- is no such row, and no application either.
UPDATE applications SET cycle_id = current_cycle_id() WHERE cycle_id IS NULL;
