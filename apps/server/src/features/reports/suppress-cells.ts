/**
 * Which cells of one column of one question to hide (issue 47), so that neither a small count nor one worked
 * out from the exact total can be read:
 *
 * 1. Primary: every count from 1 to `minCell − 1`.
 * 2. Complementary: while any cell is hidden, the hidden cells must be at least two (one alone is the total less
 *    the others), add up to at least `minCell` (two 1s are 2 less the shown, and only 1 + 1 makes 2), and add
 *    up to more than their number (five hidden cells adding up to 5 could only be 1 each). Until they do, the
 *    smallest shown non-zero cell is hidden as well (the first of equal ones).
 * 3. Zeros: when every non-zero cell is hidden and that still does not settle it, the zeros beside them would
 *    pin them (one hidden cell among zeros is the column's total; two 1s among zeros are 1 each). Then every
 *    cell of the column is hidden, zeros too: the column shows only its exact total, not how it is spread. This
 *    is the case of a column whose total is under `minCell` (offered or accepted, in a scope with few offers).
 *    Otherwise a true zero stays shown as 0 (it says no one).
 *
 * The rows of a question partition the applications, so its column adds up to the total the report shows
 * exactly. This stops subtraction within the column and the plainly pinned cases. What it does not do:
 * - It is not a full audit of every interval an outsider could bound (that needs linear programming), nor of
 *   bounds between columns (offered ≤ applied in each row: a row whose applied count is shown as 0 has no offer,
 *   hidden or not).
 * - It hides small groups, not large ones: when every applicant of the scope has one answer, that cell shows
 *   the whole total (at least `minCell`, or the report is refused: equality-report.ts), and that is read.
 * - It works on one report. Two reports of overlapping scopes can be subtracted: equality-report.ts says which
 *   it refuses and what remains.
 */
export function suppressedCells(counts: readonly number[], minCell: number): boolean[] {
  const hidden = counts.map((n) => n > 0 && n < minCell);
  const settled = () => {
    const hiddenCounts = counts.filter((_, i) => hidden[i]);
    if (hiddenCounts.length === 0) return true;
    const sum = hiddenCounts.reduce((a, b) => a + b, 0);
    return hiddenCounts.length >= 2 && sum >= minCell && sum > hiddenCounts.length;
  };
  while (!settled()) {
    let next = -1;
    for (const [i, n] of counts.entries()) {
      if (!hidden[i] && n > 0 && (next === -1 || n < counts[next]!)) next = i;
    }
    // Every non-zero cell is hidden and still pinned by the zeros beside them: hide the whole column.
    if (next === -1) return counts.map(() => true);
    hidden[next] = true;
  }
  return hidden;
}
