-- Every admission cycle that was ever open, with the instant it closes (decisions 042 and 047): once a
-- new cycle opens, the tenant file no longer names the old one, and retention counts from its close.
CREATE TABLE cycle_history (
  cycle_id text PRIMARY KEY,
  closes_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL
);
