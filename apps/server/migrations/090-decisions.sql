-- Decisions (issue #32; docs/decisions/048 and 049).

-- Every decision ever recorded on an application, with who and when. At most one is provisional
-- (the office's current draft; a later PUT replaces it) and at most one is released (what the
-- applicant sees; a later release supersedes it). Codes are the tenant's (validated at the call).
CREATE TABLE decisions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code text NOT NULL,
  -- [{id, details}] as recorded; labels are read from the tenant when shown.
  reasons jsonb NOT NULL DEFAULT '[]',
  conditions jsonb NOT NULL DEFAULT '[]',
  -- As recorded; an offer without one gets reply_days after its release.
  reply_by timestamptz,
  status text NOT NULL CHECK (status IN ('provisional', 'replaced', 'released', 'superseded')),
  decided_by_id uuid,
  decided_by text NOT NULL,
  decided_at timestamptz NOT NULL,
  release_id uuid,
  released_at timestamptz,
  released_by text,
  viewed_at timestamptz,
  response text CHECK (response IN ('accept', 'decline')),
  response_at timestamptz,
  response_by_default boolean NOT NULL DEFAULT false,
  -- When a later decision replaced (provisional) or superseded (released) this one.
  ended_at timestamptz
);
CREATE UNIQUE INDEX decisions_one_provisional ON decisions (user_id) WHERE status = 'provisional';
CREATE UNIQUE INDEX decisions_one_released ON decisions (user_id) WHERE status = 'released';
CREATE INDEX decisions_history ON decisions (user_id, decided_at);
CREATE INDEX decisions_open_offers ON decisions (reply_by) WHERE status = 'released' AND response IS NULL;

-- A release, now or at an instant: carried out in batches by whichever process finds it due
-- (the request itself for "now", the decisions job otherwise); each batch is one transaction that
-- releases its decisions, queues their e-mails and marks its items done, so a crash loses nothing
-- and repeats nothing.
CREATE TABLE decision_releases (
  id uuid PRIMARY KEY,
  release_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('scheduled', 'done', 'cancelled')),
  created_by_id uuid,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  total integer NOT NULL
);
CREATE INDEX decision_releases_due ON decision_releases (release_at) WHERE status = 'scheduled';

CREATE TABLE decision_release_items (
  release_id uuid NOT NULL REFERENCES decision_releases (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  done boolean NOT NULL DEFAULT false,
  PRIMARY KEY (release_id, user_id)
);
CREATE INDEX decision_release_items_waiting ON decision_release_items (user_id) WHERE NOT done;

-- An applicant who withdrew a submitted application.
CREATE TABLE application_withdrawals (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  withdrawn_at timestamptz NOT NULL,
  reason text NOT NULL DEFAULT ''
);

-- Where each application's decision stands, as the office's list shows and filters it.
CREATE VIEW application_decision_state AS
SELECT
  u.user_id,
  coalesce(p.code, r.code, '') AS decision,
  CASE
    WHEN w.user_id IS NOT NULL THEN 'withdrawn'
    WHEN p.id IS NOT NULL AND EXISTS (
      SELECT 1 FROM decision_release_items i JOIN decision_releases rl ON rl.id = i.release_id
      WHERE i.user_id = u.user_id AND NOT i.done AND rl.status = 'scheduled'
    ) THEN 'scheduled'
    WHEN p.id IS NOT NULL THEN 'provisional'
    WHEN r.response = 'accept' THEN 'accepted'
    WHEN r.response = 'decline' THEN 'declined'
    WHEN r.viewed_at IS NOT NULL THEN 'viewed'
    ELSE 'released'
  END AS decision_state
FROM (SELECT user_id FROM decisions UNION SELECT user_id FROM application_withdrawals) u
LEFT JOIN decisions p ON p.user_id = u.user_id AND p.status = 'provisional'
LEFT JOIN decisions r ON r.user_id = u.user_id AND r.status = 'released'
LEFT JOIN application_withdrawals w ON w.user_id = u.user_id;

-- Mails that must reach the relay once (a decision's notice): the worker records the key right
-- after the relay took the mail and skips a retried job whose key is recorded, so a process killed
-- after a batch was sent but before its jobs were completed does not send them again.
CREATE TABLE mail_once_keys (
  key text PRIMARY KEY,
  sent_at timestamptz NOT NULL
);
