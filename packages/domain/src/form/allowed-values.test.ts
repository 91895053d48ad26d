import { describe, expect, it } from 'vitest';
import { allowedAnswerValues } from './allowed-values';
import { buildForm } from './build-form';
import { sampleFormTenant } from '../../../../test/tenants';

const allowed = allowedAnswerValues(buildForm(sampleFormTenant('BWC')));

describe('allowedAnswerValues', () => {
  it('lists the options of selects and radios, blank included', () => {
    expect(allowed.get('country')).toContain('USA');
    expect(allowed.get('country')).toContain('');
    expect(allowed.get('country')).not.toContain('United States');
    expect([...allowed.get('suspended')!].sort()).toEqual(['', 'N', 'Y']);
  });

  it("takes every controlling answer's options for a conditional select", () => {
    expect(allowed.get('state')).toContain('IL');
    expect(allowed.get('state')).toContain('ON');
  });

  it('allows only ticked or not for boxes, and leaves free text alone', () => {
    expect([...allowed.get('legal_agree')!].sort()).toEqual(['', 'true']);
    expect(allowed.has('first_name')).toBe(false);
  });
});
