import { describe, expect, it } from 'vitest';
import { anyHolds, CONDITION_OPERATORS, evaluateCondition, type Condition } from './condition';

const answers = { major: 'MAE', gpa: '3.5', blank: '', term: '2027FA' };
const holds = (c: Condition) => evaluateCondition(c, answers);

describe('evaluateCondition', () => {
  it('knows exactly the ten operators of the specification', () => {
    expect([...CONDITION_OPERATORS].sort()).toEqual(
      ['answered', 'equals', 'gt', 'gte', 'in', 'lt', 'lte', 'notAnswered', 'notEquals', 'notIn'].sort(),
    );
  });

  it('equals and notEquals compare the answer with the target', () => {
    expect(holds({ valueKey: 'major', operator: 'equals', target: 'MAE' })).toBe(true);
    expect(holds({ valueKey: 'major', operator: 'equals', target: 'MAPP' })).toBe(false);
    expect(holds({ valueKey: 'major', operator: 'notEquals', target: 'MAPP' })).toBe(true);
    expect(holds({ valueKey: 'major', operator: 'notEquals', target: 'MAE' })).toBe(false);
  });

  it('treats a missing key as unanswered', () => {
    expect(holds({ valueKey: 'missing', operator: 'equals', target: '' })).toBe(true);
    expect(holds({ valueKey: 'missing', operator: 'notEquals', target: 'Y' })).toBe(true);
  });

  it('answered and notAnswered look at whether there is a value', () => {
    expect(holds({ valueKey: 'major', operator: 'answered' })).toBe(true);
    expect(holds({ valueKey: 'blank', operator: 'answered' })).toBe(false);
    expect(holds({ valueKey: 'missing', operator: 'answered' })).toBe(false);
    expect(holds({ valueKey: 'blank', operator: 'notAnswered' })).toBe(true);
    expect(holds({ valueKey: 'major', operator: 'notAnswered' })).toBe(false);
  });

  it('in and notIn test membership of a list', () => {
    expect(holds({ valueKey: 'major', operator: 'in', target: ['MAE', 'BMN'] })).toBe(true);
    expect(holds({ valueKey: 'major', operator: 'in', target: ['BMN'] })).toBe(false);
    expect(holds({ valueKey: 'major', operator: 'notIn', target: ['BMN'] })).toBe(true);
    expect(holds({ valueKey: 'major', operator: 'notIn', target: ['MAE'] })).toBe(false);
    expect(holds({ valueKey: 'blank', operator: 'notIn', target: ['MAE'] })).toBe(true);
  });

  it('lt, lte, gt and gte compare numbers as numbers', () => {
    expect(holds({ valueKey: 'gpa', operator: 'lt', target: 10 })).toBe(true); // not '3.5' < '10' as text
    expect(holds({ valueKey: 'gpa', operator: 'lt', target: 3.5 })).toBe(false);
    expect(holds({ valueKey: 'gpa', operator: 'lte', target: 3.5 })).toBe(true);
    expect(holds({ valueKey: 'gpa', operator: 'lte', target: '3.4' })).toBe(false);
    expect(holds({ valueKey: 'gpa', operator: 'gt', target: 3 })).toBe(true);
    expect(holds({ valueKey: 'gpa', operator: 'gt', target: 3.5 })).toBe(false);
    expect(holds({ valueKey: 'gpa', operator: 'gte', target: 3.5 })).toBe(true);
    expect(holds({ valueKey: 'gpa', operator: 'gte', target: 4 })).toBe(false);
  });

  it('orders other values as text, so term codes and ISO dates compare in calendar order', () => {
    expect(holds({ valueKey: 'term', operator: 'gt', target: '2027SP' })).toBe(false); // 'FA' < 'SP' within a year
    expect(holds({ valueKey: 'term', operator: 'gte', target: '2027FA' })).toBe(true);
    expect(holds({ valueKey: 'term', operator: 'lt', target: '2028SP' })).toBe(true);
  });

  it('never orders an unanswered value', () => {
    for (const operator of ['lt', 'lte', 'gt', 'gte'] as const) {
      expect(holds({ valueKey: 'blank', operator, target: 5 })).toBe(false);
    }
  });
});

describe('anyHolds', () => {
  it('holds when any condition of a list holds, and never for an empty list', () => {
    const yes: Condition = { valueKey: 'major', operator: 'equals', target: 'MAE' };
    const no: Condition = { valueKey: 'major', operator: 'equals', target: 'BMN' };
    expect(anyHolds([no, yes], answers)).toBe(true);
    expect(anyHolds([no], answers)).toBe(false);
    expect(anyHolds(no, answers)).toBe(false);
    expect(anyHolds([], answers)).toBe(false);
  });
});
