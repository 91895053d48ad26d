-- After submission: the checklist's office items, deadline reminders and letters that arrive
-- (docs/decisions/043-checklist-derived-from-the-form.md, 044-reminders-requests-addresses.md). The checklist itself is
-- derived from the form and the answers on every read; only what cannot be derived is kept here.

-- One document the office asked for again. Open while neither answered nor withdrawn; answered when
-- the document uploaded for it (document_id) has been converted.
CREATE TABLE checklist_requests (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_key text NOT NULL,
  message text NOT NULL,
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  document_id uuid,
  answered_at timestamptz,
  withdrawn_at timestamptz,
  withdrawn_by text
);
CREATE UNIQUE INDEX checklist_requests_open ON checklist_requests (user_id, item_key)
  WHERE answered_at IS NULL AND withdrawn_at IS NULL;
CREATE INDEX checklist_requests_user ON checklist_requests (user_id, requested_at);

-- An item the office waived; deleting the row takes the waiver back (both are in the audit log).
CREATE TABLE checklist_waivers (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_key text NOT NULL,
  reason text NOT NULL,
  waived_by text NOT NULL,
  waived_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, item_key)
);

-- A document replaced by one the office asked for: kept, files and all, for the office.
CREATE TABLE superseded_documents (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  answer_key text NOT NULL,
  request_id uuid NOT NULL REFERENCES checklist_requests (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  file_size integer NOT NULL,
  upload_key text NOT NULL,
  pdf_key text,
  pdf_size integer,
  created_at timestamptz NOT NULL,
  superseded_at timestamptz NOT NULL
);
CREATE INDEX superseded_documents_user ON superseded_documents (user_id, answer_key);

-- Deadline reminders: whether the applicant wants them, and each one sent (one per deadline and N days).
ALTER TABLE applications ADD COLUMN deadline_reminders boolean NOT NULL DEFAULT true;
CREATE TABLE deadline_reminders_sent (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  deadline timestamptz NOT NULL,
  days_before integer NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, deadline, days_before)
);

-- Letters: the recommender opened the link; the address could not take mail (an SMTP 5xx or a bounce).
ALTER TABLE recommendation_requests ADD COLUMN opened_at timestamptz;
ALTER TABLE recommendation_requests ADD COLUMN address_problem text NOT NULL DEFAULT '';
ALTER TABLE recommendation_requests ADD COLUMN address_problem_at timestamptz;

-- The console's list: every checklist item received or waived (computed with the index row).
ALTER TABLE staff_application_index ADD COLUMN complete boolean NOT NULL DEFAULT false;
CREATE INDEX staff_index_complete_last_change ON staff_application_index (complete, last_change DESC, user_id);
