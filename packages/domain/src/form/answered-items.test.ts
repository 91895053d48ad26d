import { describe, expect, it } from 'vitest';
import { answeredItems } from './answered-items';
import { buildForm } from './build-form';
import { sampleFormTenant } from '../../../../test/tenants';

const form = buildForm(sampleFormTenant('BWC'));

describe('answeredItems', () => {
  it('lists visible answered questions in words, page by page', () => {
    const pages = answeredItems(form, {
      first_name: 'Ada',
      country: 'USA',
      country_desc: 'United States of America',
      suspended: 'N',
      suspended_comment: 'left over from an earlier answer',
    });
    expect(pages.map((p) => p.page.path)).toEqual(['/about', '/education-alr', '/final-steps']);
    const about = pages[0]!.items;
    expect(about).toContainEqual({ key: 'first_name', label: 'First name', value: 'Ada' });
    expect(about.find((i) => i.key === 'country')?.value).toBe('United States of America');
    const final = pages[2]!.items.map((i) => i.key);
    expect(final).toContain('suspended');
    expect(final, 'a hidden question is not listed').not.toContain('suspended_comment');
  });

  it('falls back to the option label when no _desc answer was stored', () => {
    const about = answeredItems(form, { country: 'CAN' })[0]!.items;
    expect(about.find((i) => i.key === 'country')?.value).toBe('Canada');
  });
});
