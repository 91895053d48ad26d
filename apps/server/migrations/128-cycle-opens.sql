-- Issue 47: the pace report counts each cycle's days from its opening, and compares with the previous cycle at
-- the same number of days from its own. The open cycle's opening is in the tenant file; once the file has moved
-- on, it is kept here, written at every start with the close (core/open-cycle.ts). A cycle that closed before
-- this migration never had its opening recorded (NULL): the pace report takes the same local date and time one
-- year before the next cycle opened, and says that it did (pace-cycles.ts).
ALTER TABLE cycle_history ADD COLUMN opens_at timestamptz;
