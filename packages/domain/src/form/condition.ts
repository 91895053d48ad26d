import type { Answers } from '../api/profile';

/** The ten operators of SPEC section 4. */
export const CONDITION_OPERATORS = [
  'notEquals',
  'equals',
  'lt',
  'lte',
  'gt',
  'gte',
  'notAnswered',
  'answered',
  'in',
  'notIn',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/**
 * Compares the answer under `valueKey` with `target` (SPEC section 3:
 * conditional rule). The union keeps each operator's target type honest.
 */
export type Condition =
  | { readonly valueKey: string; readonly operator: 'equals' | 'notEquals'; readonly target: string }
  | { readonly valueKey: string; readonly operator: 'lt' | 'lte' | 'gt' | 'gte'; readonly target: number | string }
  | { readonly valueKey: string; readonly operator: 'answered' | 'notAnswered'; readonly target?: undefined }
  | { readonly valueKey: string; readonly operator: 'in' | 'notIn'; readonly target: readonly string[] };

/** One condition, or several of which any one holding is enough. */
export type AnyCondition = Condition | readonly Condition[];

const asNumber = (value: string): number | undefined => {
  if (value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * Numbers compare as numbers; anything else (ISO dates, term codes) compares
 * as text. An unanswered value is never less or greater than anything, so a
 * blank answer cannot satisfy an ordering by accident.
 */
function compare(value: string, target: number | string): number | undefined {
  if (value === '') return undefined;
  const a = asNumber(value);
  const b = typeof target === 'number' ? target : asNumber(target);
  if (a !== undefined && b !== undefined) return a - b;
  const t = String(target);
  return value < t ? -1 : value > t ? 1 : 0;
}

export function evaluateCondition(condition: Condition, answers: Answers): boolean {
  const value = answers[condition.valueKey] ?? '';
  switch (condition.operator) {
    case 'equals':
      return value === condition.target;
    case 'notEquals':
      return value !== condition.target;
    case 'answered':
      return value !== '';
    case 'notAnswered':
      return value === '';
    case 'in':
      return condition.target.includes(value);
    case 'notIn':
      return !condition.target.includes(value);
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const c = compare(value, condition.target);
      if (c === undefined) return false;
      if (condition.operator === 'lt') return c < 0;
      if (condition.operator === 'lte') return c <= 0;
      if (condition.operator === 'gt') return c > 0;
      return c >= 0;
    }
  }
}

export function anyHolds(conditions: AnyCondition, answers: Answers): boolean {
  const list: readonly Condition[] = Array.isArray(conditions) ? conditions : [conditions as Condition];
  return list.some((c) => evaluateCondition(c, answers));
}

export function conditionKeys(conditions: AnyCondition): string[] {
  const list: readonly Condition[] = Array.isArray(conditions) ? conditions : [conditions as Condition];
  return list.map((c) => c.valueKey);
}
