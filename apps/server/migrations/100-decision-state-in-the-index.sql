-- The console's list reads each application's decision and its state from its index row (decision 051),
-- not from a view joined on every page: the copy is written in the same transaction as every decision
-- change (record, replace, release, view, answer, default decline, withdrawal, a release scheduled or
-- cancelled), as the stage and the score already are (050-team.sql).

-- Where the decisions of these applications stand: one definition, for the copy and for the office's
-- detail. A row for each application with a decision or a withdrawal; none for the others.
CREATE FUNCTION application_decision_states(ids uuid[])
RETURNS TABLE (user_id uuid, decision text, decision_state text)
LANGUAGE sql STABLE AS $$
  SELECT
    u.id,
    coalesce(p.code, r.code, ''),
    CASE
      WHEN w.user_id IS NOT NULL THEN 'withdrawn'
      WHEN p.id IS NOT NULL AND EXISTS (
        SELECT 1 FROM decision_release_items i JOIN decision_releases rl ON rl.id = i.release_id
        WHERE i.user_id = u.id AND NOT i.done AND rl.status = 'scheduled'
      ) THEN 'scheduled'
      WHEN p.id IS NOT NULL THEN 'provisional'
      WHEN r.response = 'accept' THEN 'accepted'
      WHEN r.response = 'decline' THEN 'declined'
      WHEN r.viewed_at IS NOT NULL THEN 'viewed'
      ELSE 'released'
    END
  FROM (SELECT DISTINCT unnest(ids) AS id) u
  LEFT JOIN decisions p ON p.user_id = u.id AND p.status = 'provisional'
  LEFT JOIN decisions r ON r.user_id = u.id AND r.status = 'released'
  LEFT JOIN application_withdrawals w ON w.user_id = u.id
  WHERE w.user_id IS NOT NULL OR EXISTS (SELECT 1 FROM decisions d WHERE d.user_id = u.id)
$$;

-- The view computed every application's state to join a page of 50: the function replaces it.
DROP VIEW application_decision_state;

ALTER TABLE staff_application_index ADD COLUMN decision text;
ALTER TABLE staff_application_index ADD COLUMN decision_state text;

UPDATE staff_application_index i SET decision = s.decision, decision_state = s.decision_state
FROM application_decision_states(ARRAY(SELECT user_id FROM decisions UNION SELECT user_id FROM application_withdrawals)) s
WHERE i.user_id = s.user_id;

-- The list filters by both, newest change first, as by status, program and term (020-staff.sql).
CREATE INDEX staff_index_decision_last_change ON staff_application_index (decision, last_change DESC, user_id);
CREATE INDEX staff_index_decision_state_last_change ON staff_application_index (decision_state, last_change DESC, user_id);

-- The page the office asks most (a stage of a program in the open cycle, best score first) and its capped
-- count, each from this one index: the page reads its 50 rows in order and stops, the count reads index
-- entries only. Before it, the cycle was checked on every heap row of the stage and program, and the count
-- visited up to 10,000 of them on every page (decision 051). The sort's user_id follows the score's
-- direction, so the "best first" page needs no sort step at all.
DROP INDEX staff_index_stage_program_score;
CREATE INDEX staff_index_stage_program_cycle_score
  ON staff_application_index (stage, program, cycle_id, overall_score DESC NULLS LAST, user_id DESC);
