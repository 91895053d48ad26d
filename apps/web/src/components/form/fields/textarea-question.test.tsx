import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderForm } from '../form-test-utils';

const area = (maxLength: number, extra = {}) =>
  pageOf({ kind: 'textarea', key: 'honor', label: 'Honors', maxLength, ...extra });

describe('text area', () => {
  it('counts characters live against its limit (1500 by default in the definition)', async () => {
    const { user } = renderForm(area(1500));
    const input = screen.getByLabelText('Honors');
    expect(input).toHaveAttribute('maxlength', '1500');
    expect(screen.getByText('0 of 1500 characters used')).toBeVisible();
    await user.type(input, 'Dean list');
    expect(screen.getByText('9 of 1500 characters used')).toBeVisible();
    // The count is read with the field when it is focused.
    expect(input).toHaveAccessibleDescription(expect.stringContaining('9 of 1500 characters used'));
  });

  it('stays quiet for screen readers until near the limit, then says what is left once typing pauses', async () => {
    const { user } = renderForm(area(100));
    const input = screen.getByLabelText('Honors');
    const announcement = screen.getByTestId('honor-count-announcement');
    expect(announcement).toHaveAttribute('aria-live', 'polite');
    await user.type(input, 'x'.repeat(50));
    expect(announcement.textContent).toBe('');
    await user.type(input, 'x'.repeat(35));
    // Not on every keystroke: nothing until the pause.
    expect(announcement.textContent).toBe('');
    await waitFor(() => expect(announcement).toHaveTextContent('15 characters remaining'));
  });

  it('shows the word count next to the guide when the definition gives one', async () => {
    const { user } = renderForm(area(6000, { wordGuide: 750 }));
    await user.type(screen.getByLabelText('Honors'), 'one two  three');
    expect(screen.getByText(/3 words; about 750 asked for/)).toBeVisible();
  });
});
