import type { Rubric } from '@admissions/domain';
import { AppError } from '../../http/app-error';

export interface CheckedReview {
  scores: Record<string, number>;
  overall: number | null;
}

/**
 * A review against its rubric: every score names a criterion and lies in its
 * range; a submitted review scores every criterion. The overall score follows
 * from the rubric (average or sum of the criteria) or is entered by the
 * reviewer, within the range the criteria span. A score the review already had
 * under a criterion since removed from the rubric may come back unchanged (the
 * form sends what it was given): it stays, as it was (issue 49).
 */
export function checkReview(
  rubric: Rubric,
  input: { scores: Record<string, number>; overall?: number },
  submit: boolean,
  before: Record<string, number> = {},
): CheckedReview {
  const byId = new Map(rubric.criteria.map((c) => [c.id, c]));
  for (const [id, score] of Object.entries(input.scores)) {
    const criterion = byId.get(id);
    if (!criterion && Object.hasOwn(before, id) && before[id] === score) continue;
    if (!criterion) throw new AppError('CRITERION_UNKNOWN', { errors: { [`scores.${id}`]: ['unknown criterion'] } });
    if (score < criterion.min || score > criterion.max) {
      throw new AppError('SCORE_OUT_OF_RANGE', {
        errors: { [`scores.${id}`]: [`between ${criterion.min} and ${criterion.max}`] },
      });
    }
  }
  const complete = rubric.criteria.every((c) => input.scores[c.id] !== undefined);
  if (submit && !complete) throw new AppError('REVIEW_INCOMPLETE');
  const values = rubric.criteria.map((c) => input.scores[c.id] ?? 0);
  let overall: number | null = null;
  if (rubric.overall === 'entered') {
    const low = Math.min(...rubric.criteria.map((c) => c.min));
    const high = Math.max(...rubric.criteria.map((c) => c.max));
    if (input.overall !== undefined && (input.overall < low || input.overall > high)) {
      throw new AppError('SCORE_OUT_OF_RANGE', { errors: { overall: [`between ${low} and ${high}`] } });
    }
    if (submit && input.overall === undefined) throw new AppError('REVIEW_INCOMPLETE');
    overall = input.overall ?? null;
  } else if (complete) {
    const sum = values.reduce((a, b) => a + b, 0);
    overall = rubric.overall === 'sum' ? sum : Math.round((sum / values.length) * 100) / 100;
  }
  return { scores: input.scores, overall };
}
