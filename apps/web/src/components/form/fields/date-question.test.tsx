import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderForm } from '../form-test-utils';

const page = pageOf({ kind: 'date', key: 'birth_date', label: 'Date of Birth', maxLength: 10 });
const input = () => screen.getByLabelText<HTMLInputElement>('Date of Birth');

describe('date input', () => {
  it('stores a real date as YYYY-MM-DD', async () => {
    const { user, onChange } = renderForm(page);
    expect(input()).toHaveAttribute('type', 'date');
    await user.type(input(), '2001-03-04');
    expect(onChange).toHaveBeenLastCalledWith({ birth_date: '2001-03-04' });
  });

  it("stores '' when the date becomes invalid (an invalid date clears the answer)", async () => {
    const { user, onChange } = renderForm(page, { answers: { birth_date: '2001-02-03' } });
    await user.clear(input());
    await user.type(input(), '2001-02-30');
    expect(onChange).toHaveBeenLastCalledWith({ birth_date: '' });
  });

  it('follows a stored date changed from outside', () => {
    const { setAnswers } = renderForm(page, { answers: { birth_date: '2001-02-03' } });
    setAnswers({ birth_date: '' });
    expect(input()).toHaveValue('');
  });
});
