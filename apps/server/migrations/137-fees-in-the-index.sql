-- Issue 43: the console's list shows and filters each application's application fee and deposit (decision 065).
-- The index keeps what does not change with time: the fee's state as the payments, the waivers and the office's
-- checklist waiver leave it ('due', 'paid', 'waived' or 'waiver_pending'; never 'overdue') and when an unpaid fee
-- falls due (submission + payment_grace_hours; acceptance + the deposit's due_days). The list judges 'overdue'
-- against its own clock: state 'due' and due_at passed. NULL: no such fee (no `fees` in the tenant file, a
-- program without one, an application not yet submitted, no accepted offer).
--
-- The refresher writes the four columns with the row (features/staff/console-index.ts), and every payment,
-- waiver or refund writes them in its own transaction (features/staff/fee-state-copy.ts).
ALTER TABLE staff_application_index ADD COLUMN fee_state text
  CHECK (fee_state IN ('due', 'paid', 'waived', 'waiver_pending'));
ALTER TABLE staff_application_index ADD COLUMN fee_due_at timestamptz;
ALTER TABLE staff_application_index ADD COLUMN deposit_state text
  CHECK (deposit_state IN ('due', 'paid', 'waived', 'waiver_pending'));
ALTER TABLE staff_application_index ADD COLUMN deposit_due_at timestamptz;

-- The filters: a fee's state, newest change first, as the decision's (100-decision-state-in-the-index.sql); only
-- the rows with a fee are in them. The deposit's filter reads the unpaid ones by when they fall due.
CREATE INDEX staff_index_fee_state_last_change ON staff_application_index (fee_state, last_change DESC, user_id)
  WHERE fee_state IS NOT NULL;
CREATE INDEX staff_index_deposit_due ON staff_application_index (deposit_due_at, user_id) WHERE deposit_state = 'due';

-- The fees come from the tenant file, which a migration does not know. The index's periodic job compares the
-- file's `fees` with the ones the rows were written with (fees_basis) and, when they differ, marks the submitted
-- applications' rows for the recount of migration 136, which writes them again (markRowsForNewFees in
-- features/staff/console-index.ts): after the office changes its fees, and here the rows indexed before issue 43
-- ('before-137'). NULL: no row was written with other fees (an index with no submitted application yet).
ALTER TABLE staff_index_progress ADD COLUMN fees_basis text;
UPDATE staff_index_progress SET fees_basis = 'before-137'
WHERE EXISTS (SELECT 1 FROM staff_application_index WHERE submitted_at IS NOT NULL);
