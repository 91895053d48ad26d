import type { Rubric } from '@admissions/domain';

/** What the review form holds per field: the text typed (a score, the overall) or the problem found in it. */
export type Texts = Record<string, string>;

export const asTexts = (scores: Record<string, number> | undefined): Texts =>
  Object.fromEntries(Object.entries(scores ?? {}).map(([k, v]) => [k, String(v)]));

/** The scores typed as numbers, the empty ones left out (and, with `finiteOnly`, the ones that are no number). */
export const numbersOf = (scores: Texts, finiteOnly = false): Record<string, number> =>
  Object.fromEntries(
    Object.entries(scores)
      .filter(([, v]) => v.trim() !== '' && (!finiteOnly || Number.isFinite(Number(v))))
      .map(([k, v]) => [k, Number(v)]),
  );

/** The overall score as the rubric makes it: the criteria's average or sum, or what the reviewer enters. */
export function overallOf(rubric: Rubric, scores: Record<string, number>): number | null {
  const values = rubric.criteria.map((c) => scores[c.id]).filter((v): v is number => v !== undefined);
  if (rubric.overall === 'entered' || values.length !== rubric.criteria.length || values.length === 0) return null;
  const sum = values.reduce((a, b) => a + b, 0);
  return rubric.overall === 'sum' ? sum : sum / values.length;
}

/**
 * The problems of a review, by field ('overall' for the entered overall): a score out of its
 * criterion's range always; an empty one only when the review is submitted (a draft may be partial).
 */
export function reviewProblems(rubric: Rubric, scores: Texts, overall: string, submit: boolean): Texts {
  const found: Texts = {};
  for (const c of rubric.criteria) {
    const text = scores[c.id]?.trim() ?? '';
    if (text === '') {
      if (submit) found[c.id] = `Give ${c.label} a score from ${c.min} to ${c.max}.`;
      continue;
    }
    const n = Number(text);
    if (!Number.isFinite(n) || n < c.min || n > c.max) found[c.id] = `${c.label} must be from ${c.min} to ${c.max}.`;
  }
  if (rubric.overall === 'entered') {
    const n = Number(overall.trim());
    if (overall.trim() === '') {
      if (submit) found.overall = 'Enter the overall score.';
    } else if (!Number.isFinite(n)) found.overall = 'The overall score must be a number.';
  }
  return found;
}
