-- Issue 42: the office's list and its CSV show, on each application, how many applications its person holds in
-- its cycle. The person is the owner's account (users.application_of for an owner row of its own, else the
-- owner itself: decision 052). The index row carries it, written by the refresher with every other column
-- (console-index.ts), so the count is one probe of this table's index per row of a page
-- (applications-by-person.ts). Counted through users and applications instead, it was four probes and two heap
-- reads a row: five to ten times the cost (a page of 50 among 200,000 applications, about 1 ms against 0.1 ms).
-- Moving an application to a past cycle's owner keeps its person, so the column never needs rewriting.
ALTER TABLE staff_application_index ADD COLUMN person_id uuid;

UPDATE staff_application_index i SET person_id = COALESCE(u.application_of, u.id)
FROM users u WHERE u.id = i.user_id;

-- A row written without the column (only a test's or a benchmark's seed) counts as its own person.
CREATE INDEX staff_index_person_cycle ON staff_application_index ((COALESCE(person_id, user_id)), cycle_id);
