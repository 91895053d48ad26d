/**
 * Which cells of one column of one question to hide (issue 47), so that neither a small count nor one worked
 * out from the exact total can be read:
 *
 * 1. Primary: every count from 1 to `minCell − 1`. A true zero stays shown as 0 (it says no one).
 * 2. Complementary: while any cell is hidden, the hidden cells must be at least two (one alone is the total less
 *    the others), add up to at least `minCell` (two 1s are 2 less the shown, and only 1 + 1 makes 2), and add
 *    up to more than their number (five hidden cells adding up to 5 could only be 1 each). Until they do, the
 *    smallest shown non-zero cell is hidden as well (the first of equal ones).
 *
 * The rows of a question partition the applications, so its column adds up to the total the report shows
 * exactly. This stops subtraction and the plainly pinned cases; it is not a full audit of every interval an
 * outsider could bound (that needs linear programming), and when every non-zero count of a column is in one
 * cell, that cell is the total whatever is hidden.
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
    if (next === -1) break;
    hidden[next] = true;
  }
  return hidden;
}
