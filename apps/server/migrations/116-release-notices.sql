-- Issue 48, item 5 (docs/decisions/049): a notice that must reach the relay once is marked as being sent
-- before the relay is asked (sending_at, the attempt's start), and as sent at the relay's 250 (sent_at).
-- A key with a mark and no 250 is in doubt: its attempt was cut off (a crash, a lost answer), and the retry
-- sends it again under the same Message-ID, derived from the key, so that a relay or a mailbox can drop the
-- repeat. Keys recorded before this migration were written at the 250 and keep their sent_at.
ALTER TABLE mail_once_keys ALTER COLUMN sent_at DROP NOT NULL;
ALTER TABLE mail_once_keys ADD COLUMN sending_at timestamptz;
