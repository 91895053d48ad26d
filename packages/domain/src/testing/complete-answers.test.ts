import { describe, expect, it } from 'vitest';
import { buildForm } from '../form/build-form';
import { allowedAnswerValues } from '../form/allowed-values';
import { validateAnswers } from '../validation/answer-rules';
import { completeAnswers } from './complete-answers';
import { sampleFormTenant } from '../../../../test/tenants';

describe('the shared complete application', () => {
  const form = buildForm(sampleFormTenant('BWC'));

  it('passes every rule, so suites that submit it test submission and nothing else', () => {
    expect(validateAnswers(form, completeAnswers(), { now: new Date('2026-11-21T12:00:00Z') })).toEqual({});
  });

  it('holds only values its choice questions offer', () => {
    const allowed = allowedAnswerValues(form);
    for (const [key, value] of Object.entries(completeAnswers())) {
      if (allowed.has(key)) expect(allowed.get(key), key).toContain(value);
    }
  });
});
