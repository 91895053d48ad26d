-- Issue 49, decision 064: a staff link keeps leading to its application after the applicant starts the next cycle.
-- Starting it moves the account's own application to an owner row of its own (decision 052), so the id the
-- office's links named now names the new application. Each move is kept here: the id it had, its cycle, the id it
-- has (features/cycles/move-to-past-owner.ts writes the row in the move's transaction). An account moves at most one
-- application of a cycle, so (old_id, cycle_id) is the key. Deleting the account or the past owner deletes the row.
CREATE TABLE moved_applications (
  old_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  cycle_id text NOT NULL,
  new_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  moved_at timestamptz NOT NULL,
  PRIMARY KEY (old_id, cycle_id)
);
CREATE INDEX moved_applications_new ON moved_applications (new_id);

-- The moves made before this migration. An owner row that is no account holds either a moved application (052) or
-- a further application of the account (decision 062, made with its owner). Only a moved one has history older
-- than its owner row: its answers and statuses were written under the account before the move made the row.
INSERT INTO moved_applications (old_id, cycle_id, new_id, moved_at)
SELECT u.application_of, a.cycle_id, u.id, u.created_at
FROM users u
JOIN applications a ON a.user_id = u.id
WHERE u.application_of IS NOT NULL AND a.cycle_id IS NOT NULL
  AND (EXISTS (SELECT 1 FROM answer_history h WHERE h.user_id = u.id AND h.created_at < u.created_at)
    OR EXISTS (SELECT 1 FROM web_status_events e WHERE e.user_id = u.id AND e.created_at < u.created_at))
ON CONFLICT (old_id, cycle_id) DO NOTHING;
