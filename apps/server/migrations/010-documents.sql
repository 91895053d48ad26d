-- Uploaded documents and their conversion to PDF (SPEC section 4). One row per
-- applicant and file question: a new upload replaces the old row (and its files).

CREATE TABLE documents (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  answer_key text NOT NULL,
  -- The uploaded original, removed once converted or refused.
  upload_key text NOT NULL,
  file_name text NOT NULL,
  file_size integer NOT NULL,
  status text NOT NULL CHECK (status IN ('UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED')),
  message text NOT NULL DEFAULT '',
  pdf_key text,
  pdf_size integer,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (user_id, answer_key)
);

-- Every upload form handed out: proves a key was made by the server for this
-- applicant and question, and counts uploads per hour for the quota.
CREATE TABLE document_uploads (
  upload_key text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  answer_key text NOT NULL,
  created_at timestamptz NOT NULL,
  -- Set when a conversion took the upload, so one upload starts one document.
  used_at timestamptz
);
CREATE INDEX document_uploads_user_time ON document_uploads (user_id, created_at);
