-- Issue 49: the console's list shows the letters received of those requested ("1 of 2"), and its missing items
-- count what the checklist of a submitted application still lacks (before, 0 for every submitted one). The
-- refresher writes both with the row (features/staff/console-index.ts). The letters of the rows indexed before
-- are counted here, as the refresher counts them: the current requests, a declined or lapsed one left out.
ALTER TABLE staff_application_index ADD COLUMN letters_requested integer NOT NULL DEFAULT 0;
ALTER TABLE staff_application_index ADD COLUMN letters_received integer NOT NULL DEFAULT 0;

UPDATE staff_application_index i
SET letters_requested = l.requested, letters_received = l.received
FROM (
  SELECT user_id,
    count(*) FILTER (WHERE status = 'RECEIVED' OR (status = 'REQUESTED' AND expires_at > now()))::int AS requested,
    count(*) FILTER (WHERE status = 'RECEIVED')::int AS received
  FROM recommendation_requests WHERE current AND status <> 'CANCELLED' GROUP BY user_id
) l
WHERE l.user_id = i.user_id;
