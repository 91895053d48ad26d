-- Letters of recommendation (docs/decisions/022-recommendation-letters.md).

-- One request to one recommender of one application. At most one request per recommender
-- slot is current; a replaced recommender's request stays, so a letter that arrived is kept.
CREATE TABLE recommendation_requests (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 'recommender_' or 'recommender_2_': the answer-key prefix of the slot.
  prefix text NOT NULL,
  -- The recommender as the applicant entered them when the request was sent.
  email text NOT NULL,
  email_norm text NOT NULL,
  recommender jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('REQUESTED', 'RECEIVED', 'DECLINED', 'CANCELLED')),
  current boolean NOT NULL DEFAULT true,
  requested_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Automatic reminders sent (7 and 28 days), and the last reminder of any kind.
  auto_reminders integer NOT NULL DEFAULT 0,
  reminders_sent integer NOT NULL DEFAULT 0,
  last_reminder_at timestamptz,
  responded_at timestamptz,
  -- The applicant's waiver (counselor_waiver_request) when the letter arrived: what the office relies on.
  waived_at_receipt boolean,
  decline_reason text NOT NULL DEFAULT '',
  letter_text text NOT NULL DEFAULT '',
  -- An uploaded letter and its conversion to PDF; file_id names the conversion job.
  file_id uuid UNIQUE,
  upload_key text,
  file_name text NOT NULL DEFAULT '',
  file_size integer,
  file_status text NOT NULL DEFAULT 'NONE' CHECK (file_status IN ('NONE', 'UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED')),
  file_message text NOT NULL DEFAULT '',
  pdf_key text,
  pdf_size integer,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX recommendation_requests_current ON recommendation_requests (user_id, prefix) WHERE current;
CREATE INDEX recommendation_requests_user ON recommendation_requests (user_id, requested_at);
CREATE INDEX recommendation_requests_waiting ON recommendation_requests (requested_at) WHERE status = 'REQUESTED';

-- Every link e-mailed for a request (the request and each reminder carry a fresh one);
-- only the hash is kept. A link is alive while its request is.
CREATE TABLE recommendation_links (
  token_hash text PRIMARY KEY,
  request_id uuid NOT NULL REFERENCES recommendation_requests (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX recommendation_links_request ON recommendation_links (request_id);

-- Every mail sent to a recommender, for the per-application and per-address limits.
CREATE TABLE recommendation_mail_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email_norm text NOT NULL,
  kind text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX recommendation_mail_log_user ON recommendation_mail_log (user_id, sent_at);
CREATE INDEX recommendation_mail_log_email ON recommendation_mail_log (email_norm, sent_at);

-- Upload forms handed to a recommender: proves the server made the key for this request.
CREATE TABLE letter_uploads (
  upload_key text PRIMARY KEY,
  request_id uuid NOT NULL REFERENCES recommendation_requests (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX letter_uploads_request ON letter_uploads (request_id, created_at);
