-- Issue 48, item 10: a wrong guess at a real account's code writes a row (its attempt is counted) and so
-- commits with a WAL flush; a guess for an unknown address wrote nothing, and answered about 10% sooner.
-- A guess with no code to count now counts on one of these rows instead (codes-repository.ts), so both
-- write one row and commit alike. Several rows, so that unknown-address guesses do not queue on one lock.
CREATE TABLE code_attempt_decoys (
  slot smallint PRIMARY KEY,
  attempts bigint NOT NULL DEFAULT 0
);
INSERT INTO code_attempt_decoys (slot) SELECT generate_series(0, 63);
