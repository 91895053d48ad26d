import { fireEvent, screen } from '@testing-library/react';
import { INCOMPLETE_DATE } from '@admissions/domain';
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

  it("stores '' when the input reports nothing and no bad input (jsdom drops an impossible date so)", async () => {
    const { user, onChange } = renderForm(page, { answers: { birth_date: '2001-02-03' } });
    await user.clear(input());
    await user.type(input(), '2001-02-30');
    expect(onChange).toHaveBeenLastCalledWith({ birth_date: '' });
  });

  it('tells a partial or impossible date (badInput, reported as empty) from an empty input, on change and on leaving', () => {
    const { onChange } = renderForm(page, { answers: { birth_date: '2001-02-03' } });
    // What Chromium does for '02/30/2001' or '05/__/1990': value '' and validity.badInput.
    Object.defineProperty(input(), 'validity', { value: { badInput: true }, configurable: true });
    fireEvent.input(input(), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ birth_date: INCOMPLETE_DATE });
    expect(INCOMPLETE_DATE).toBe('incomplete');
    // Emptied for real: unanswered.
    Object.defineProperty(input(), 'validity', { value: { badInput: false }, configurable: true });
    fireEvent.blur(input());
    expect(onChange).toHaveBeenLastCalledWith({ birth_date: '' });
  });

  it('tells such a date key by key, before the input is left (Chromium sends no input event while its value stays empty)', () => {
    const { onChange } = renderForm(page);
    // '02/30/2001' typed into an empty input: Chromium clears the month and day and keeps the year, its value
    // stays '' all along, so no input event comes; and Tab from the year goes to the calendar button inside
    // the input, so no blur either.
    Object.defineProperty(input(), 'validity', { value: { badInput: true }, configurable: true });
    fireEvent.keyUp(input(), { key: '1' });
    expect(onChange).toHaveBeenLastCalledWith({ birth_date: INCOMPLETE_DATE });
    // Every part deleted with Backspace: unanswered again.
    Object.defineProperty(input(), 'validity', { value: { badInput: false }, configurable: true });
    fireEvent.keyUp(input(), { key: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith({ birth_date: '' });
  });

  it("shows SPEC's message for such a date, not the required one", () => {
    renderForm(page, {
      answers: { birth_date: INCOMPLETE_DATE },
      errors: { birth_date: ['A valid date of birth is required.'] },
    });
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveValue('');
    expect(screen.getByText('A valid date of birth is required.')).toBeInTheDocument();
  });

  it('follows a stored date changed from outside', () => {
    const { setAnswers } = renderForm(page, { answers: { birth_date: '2001-02-03' } });
    setAnswers({ birth_date: '' });
    expect(input()).toHaveValue('');
  });
});
