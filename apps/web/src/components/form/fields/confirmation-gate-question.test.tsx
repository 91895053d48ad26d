import type { ConfirmationGateQuestion } from '@admissions/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderForm } from '../form-test-utils';

const gate = (control: 'button' | 'checkbox'): ConfirmationGateQuestion => ({
  kind: 'confirmation-gate',
  key: 'acknowledgement',
  label: 'I have read the instructions',
  control,
  maxLength: 4,
  unconfirmed: [
    { kind: 'static', key: 'before', label: '', content: 'Read the instructions first.', audience: 'everyone' },
  ],
  confirmed: [{ kind: 'text', key: 'after_name', label: 'Signature', maxLength: 45 }],
});

describe('confirmation gate', () => {
  it('as a button: a toggle that swaps the content before and after confirming', async () => {
    const { user, onChange } = renderForm(pageOf(gate('button')));
    const button = screen.getByRole('button', { name: 'I have read the instructions' });
    expect(button).toHaveAttribute('id', 'acknowledgement');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Read the instructions first.')).toBeVisible();
    expect(screen.queryByLabelText('Signature')).toBeNull();
    await user.click(button);
    expect(onChange).toHaveBeenLastCalledWith({ acknowledgement: 'true' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Signature')).toBeVisible();
    expect(screen.queryByText('Read the instructions first.')).toBeNull();
    await user.click(button);
    expect(onChange).toHaveBeenLastCalledWith({ acknowledgement: '' });
  });

  it('as a box: the same swap', async () => {
    const { user } = renderForm(pageOf(gate('checkbox')));
    await user.click(screen.getByRole('checkbox', { name: 'I have read the instructions' }));
    expect(screen.getByLabelText('Signature')).toBeVisible();
  });
});
