-- Issue 49: the rows of the office's index written before migration 133 keep the counts of before: a submitted
-- application's missing items 0 (the checklist's items still lacking were not counted then), and its letters as
-- 133 counted them in SQL, not as the refresher counts them. The refresher writes a row again only when its
-- application next changes, which a quiet application may never do. Those rows are marked here, and the periodic
-- index job recomputes each marked row with the refresher's own code, a thousand a pass, then clears its mark
-- (recountIndexRows, features/staff/console-index-recount.ts).
--
-- Written before 133: refreshed before 133 was applied. Where 133 is applied with this one (one transaction,
-- one now()), every row is older than both and is marked.
ALTER TABLE staff_application_index ADD COLUMN recount boolean NOT NULL DEFAULT false;

UPDATE staff_application_index SET recount = true
WHERE refreshed_at < coalesce(
  (SELECT applied_at FROM schema_migrations WHERE id = '133-letters-in-the-index.sql'), now());

-- The job finds the marked rows by this index alone; it holds none once they are recomputed.
CREATE INDEX staff_index_recount ON staff_application_index (user_id) WHERE recount;
