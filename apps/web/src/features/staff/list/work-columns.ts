/** The working columns of issue #28 (score, days in stage), as the list and the review screen show them. */
export const formatScore = (score: number | null | undefined) =>
  score === null || score === undefined ? '' : score.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Whole days in the stage, as the server counts them: '0 days', '1 day', '12 days'. */
export const formatDays = (days: number | null) => (days === null ? '' : `${days} day${days === 1 ? '' : 's'}`);
