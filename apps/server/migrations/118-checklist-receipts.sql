-- Issue 41: a document the office marked received itself (a paper transcript the school sent), with the
-- office's note. Deleting the row takes the mark back; both are in the audit log and the checklist's history.
CREATE TABLE checklist_receipts (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_key text NOT NULL,
  note text NOT NULL,
  received_by text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, item_key)
);
