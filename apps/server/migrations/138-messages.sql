-- Messages to groups of applicants (issue 46; docs/decisions/066-messages-to-groups.md).

-- A message the office writes: its segment (the console list's filters), text and category. `programs` is the
-- writer's program limit when it was written (NULL: every program): the segment is narrowed to it on the
-- server whoever sends it.
CREATE TABLE staff_messages (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  segment jsonb NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  category text NOT NULL CHECK (category IN ('transactional', 'news')),
  state text NOT NULL CHECK (state IN ('draft', 'scheduled', 'sending', 'sent', 'stopped')),
  programs text[],
  send_at timestamptz,
  created_by_id uuid,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  stopped_at timestamptz
);
CREATE INDEX staff_messages_due ON staff_messages (send_at) WHERE state = 'scheduled';

-- The recipient list, fixed when the message starts sending: one row per application, with what it was sent
-- (rendered) and when. A sent row is the message on the applicant's record.
CREATE TABLE staff_message_recipients (
  message_id uuid NOT NULL REFERENCES staff_messages (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  state text NOT NULL CHECK (state IN ('queued', 'sent', 'failed', 'suppressed')),
  suppressed_reason text CHECK (suppressed_reason IN ('bounced', 'withdrawn', 'unsubscribed')),
  subject text,
  body text,
  sent_at timestamptz,
  PRIMARY KEY (message_id, user_id)
);
CREATE INDEX staff_message_recipients_of ON staff_message_recipients (user_id);
CREATE INDEX staff_message_recipients_queued ON staff_message_recipients (message_id) WHERE state = 'queued';

-- An account that asked for no more news (one-click unsubscribe, RFC 8058). Transactional mail still goes.
CREATE TABLE news_unsubscribes (
  account_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  unsubscribed_at timestamptz NOT NULL
);
