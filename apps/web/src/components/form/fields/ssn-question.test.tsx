import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderForm } from '../form-test-utils';
import { formatSsn } from './ssn-format';

describe('formatSsn', () => {
  it('strips non-digits and groups them 3-2-4', () => {
    expect(formatSsn('123456789')).toBe('123-45-6789');
    expect(formatSsn(' 123 45 6789 ')).toBe('123-45-6789');
    expect(formatSsn('123-45-6789')).toBe('123-45-6789');
    expect(formatSsn('abc')).toBe('');
  });

  it('groups a partial number as far as it goes and drops digits past nine', () => {
    expect(formatSsn('12')).toBe('12');
    expect(formatSsn('1234')).toBe('123-4');
    expect(formatSsn('123456')).toBe('123-45-6');
    expect(formatSsn('1234567890')).toBe('123-45-6789');
  });
});

/** The SSN question alone on a page, and its input. */
function renderSsn() {
  const rendered = renderForm(pageOf({ kind: 'ssn', key: 'ssn', label: 'SSN', maxLength: 11 }));
  return { ...rendered, input: screen.getByLabelText('SSN') };
}

describe('SSN input', () => {
  it('formats what is typed or pasted, and ignores anything but digits', async () => {
    const { user, onChange, input } = renderSsn();
    await user.type(input, '12a3');
    expect(input).toHaveValue('123');
    await user.type(input, '4');
    expect(input).toHaveValue('123-4');
    await user.clear(input);
    await user.click(input);
    await user.paste('987 65 4321');
    expect(input).toHaveValue('987-65-4321');
    expect(onChange).toHaveBeenLastCalledWith({ ssn: '987-65-4321' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('never shows a character it dropped, even when the answer stays the same', async () => {
    const { user, onChange, input } = renderSsn();
    await user.type(input, '123a');
    expect(input).toHaveValue('123');
    await user.type(input, '-');
    expect(input).toHaveValue('123');
    await user.clear(input);
    await user.click(input);
    await user.paste('abc');
    expect(input).toHaveValue('');
    expect(onChange).toHaveBeenLastCalledWith({ ssn: '' });
  });
});
