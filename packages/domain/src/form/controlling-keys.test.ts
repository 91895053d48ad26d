import { describe, expect, it } from 'vitest';
import { buildForm } from './build-form';
import { clearAnswers } from './clearing';
import { controllingKeys } from './controlling-keys';
import { listAnswerKeys } from './answer-keys';
import { sampleFormTenant } from '../../../../test/tenants';

const form = buildForm(sampleFormTenant('BWC'));

describe('controllingKeys', () => {
  it('includes the keys conditions and conditional selects depend on', () => {
    const keys = controllingKeys(form);
    for (const key of [
      'applied_major',
      'suspended',
      'country',
      'college_degree_type',
      'mailing_addr_same_as_perm_addr',
    ]) {
      expect(keys, key).toContain(key);
    }
    expect(keys).not.toContain('first_name');
  });

  it('is complete: changing any other key never clears anything', () => {
    const controllers = controllingKeys(form);
    const others = listAnswerKeys(form).filter((k) => !controllers.has(k));
    const prev = { suspended: 'N', country: 'USA', applied_major: 'MAE' };
    for (const key of others) {
      const { cleared } = clearAnswers(prev, { ...prev, [key]: 'x' }, form);
      // A write to a hidden key is cleared, but the clearing comes from that key itself, not from others.
      expect(
        cleared.filter((k) => k !== key),
        key,
      ).toEqual([]);
    }
  });
});
