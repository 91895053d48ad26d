import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderForm } from '../form-test-utils';

const phone = pageOf({ kind: 'phone', key: 'recommender_phone', label: 'Phone', maxLength: 20, international: true });
const input = () => screen.getByLabelText<HTMLInputElement>('Phone');

describe('phone input that also takes an international number (a recommender’s)', () => {
  it('still masks a US number', async () => {
    const { user, onChange } = renderForm(phone);
    await user.type(input(), '2025550123');
    expect(input()).toHaveValue('(202) 555-0123');
    expect(onChange).toHaveBeenLastCalledWith({ recommender_phone: '(202) 555-0123' });
  });

  it("keeps a number starting with '+' as typed, for the rules to judge", async () => {
    const { user, onChange } = renderForm(phone);
    await user.type(input(), '+44 20 7946 0958');
    expect(input()).toHaveValue('+44 20 7946 0958');
    expect(onChange).toHaveBeenLastCalledWith({ recommender_phone: '+44 20 7946 0958' });
  });

  it('shows a stored international number unmasked', () => {
    renderForm(phone, { answers: { recommender_phone: '+8613812345678' } });
    expect(input()).toHaveValue('+8613812345678');
  });
});
