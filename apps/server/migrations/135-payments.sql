-- Fees, fee waivers, deposits and refunds (issue 43; docs/decisions/065-fees-and-payments.md).
-- Amounts are integer minor units of the tenant's currency. A payment is counted only when the provider
-- confirms it (its signed webhook, or the session read back from the provider), or when the office records
-- one it received itself.

CREATE TABLE payments (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('application_fee', 'deposit')),
  -- What was asked (the fee when the session was made) and what the provider or the office says was paid.
  expected_amount integer NOT NULL CHECK (expected_amount >= 0),
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  method text NOT NULL CHECK (method IN ('stripe', 'check', 'cash', 'other')),
  state text NOT NULL CHECK (state IN ('pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded', 'amount_mismatch')),
  -- Checkout: the provider's session, its page and expiry; the attempt names the idempotency key.
  attempt integer NOT NULL DEFAULT 1,
  provider_session_id text UNIQUE,
  checkout_url text,
  session_expires_at timestamptz,
  -- The provider's payment (its PaymentIntent) or the office's check number: what the bank statement shows.
  reference text NOT NULL DEFAULT '',
  received_on date,
  paid_at timestamptz,
  refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  recorded_by_id uuid,
  recorded_by text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (refunded_amount <= amount)
);
-- Two clicks, two tabs or two processes never make two payable sessions.
CREATE UNIQUE INDEX payments_one_open_session ON payments (user_id, purpose) WHERE state = 'pending';
CREATE UNIQUE INDEX payments_attempt ON payments (user_id, purpose, attempt) WHERE method = 'stripe';
CREATE INDEX payments_by_time ON payments (COALESCE(paid_at, created_at));
CREATE INDEX payments_of ON payments (user_id);

-- Refunds: the office's, each sent to the provider once (its id is the idempotency key).
CREATE TABLE payment_refunds (
  id uuid PRIMARY KEY,
  payment_id uuid NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  provider_refund_id text UNIQUE,
  created_by_id uuid,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX payment_refunds_of ON payment_refunds (payment_id);

-- The applicant's request to have the fee waived, decided by the office before anyone pays.
CREATE TABLE fee_waiver_requests (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  criterion text NOT NULL,
  statement text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'approved', 'denied')),
  requested_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by_id uuid,
  decided_by text,
  note text NOT NULL DEFAULT ''
);

-- The provider's events, kept as they came: the webhook stores one and answers at once, and the settling work
-- applies it (processed_at). The id is the key: the same event delivered twice changes nothing. An event the
-- applicant's return already settled is applied again harmlessly (the payment's row is already counted).
CREATE TABLE payment_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  payload jsonb,
  received_at timestamptz NOT NULL,
  processed_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX payment_events_waiting ON payment_events (received_at) WHERE processed_at IS NULL;

-- The deposit's reminder, DEPOSIT_REMINDER_DAYS before it falls due: one per acceptance, whichever process runs.
CREATE TABLE deposit_reminders_sent (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, due_at)
);
