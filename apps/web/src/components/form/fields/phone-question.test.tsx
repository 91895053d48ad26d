import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderForm } from '../form-test-utils';

const phone = pageOf({ kind: 'phone', key: 'phone_mobile', label: 'Cell Phone', maxLength: 14 });
const input = () => screen.getByLabelText<HTMLInputElement>('Cell Phone');

describe('phone input', () => {
  it('masks digits as (NXX) NNN-NNNN while they are typed, ignoring anything else', async () => {
    const { user } = renderForm(phone);
    await user.type(input(), '20');
    expect(input()).toHaveValue('(20');
    await user.type(input(), 'a2-55');
    expect(input()).toHaveValue('(202) 55');
    await user.type(input(), '501239999');
    expect(input()).toHaveValue('(202) 555-0123');
  });

  it("stores the masked number once complete and '' while incomplete, keeping what was typed on screen", async () => {
    const { user, onChange } = renderForm(phone);
    await user.type(input(), '202555012');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(input(), '3');
    expect(onChange).toHaveBeenLastCalledWith({ phone_mobile: '(202) 555-0123' });
    await user.type(input(), '{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith({ phone_mobile: '' });
    expect(input()).toHaveValue('(202) 555-012');
  });

  it('shows the stored number and does not write it back on load', () => {
    const { onChange } = renderForm(phone, { answers: { phone_mobile: '(312) 555-0199' } });
    expect(input()).toHaveValue('(312) 555-0199');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a stored value changed by something else (cleared by a rule, filled by a lookup)', async () => {
    const { user, setAnswers, onChange } = renderForm(phone, { answers: { phone_mobile: '(312) 555-0199' } });
    setAnswers({ phone_mobile: '' });
    expect(input()).toHaveValue('');
    await setAnswers({ phone_mobile: '(415) 555-0100' });
    expect(input()).toHaveValue('(415) 555-0100');
    expect(onChange).not.toHaveBeenCalled();
    // Typing still works after a value was set from outside.
    await user.type(input(), '{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith({ phone_mobile: '' });
  });

  it('edits in the middle like a mask: the caret stays after the digit typed, a deleted separator takes its digit', async () => {
    const { user, onChange } = renderForm(phone);
    await user.type(input(), '2025550123');
    // Caret after '(202) 5', then a digit typed there pushes the rest along (the tenth falls off).
    input().setSelectionRange(7, 7);
    await user.type(input(), '9', { initialSelectionStart: 7, initialSelectionEnd: 7 });
    expect(input()).toHaveValue('(202) 595-5012');
    expect(input().selectionStart).toBe(8);
    expect(onChange).toHaveBeenLastCalledWith({ phone_mobile: '(202) 595-5012' });
    // Backspace just after ') ' removes the 2 before it, not only the space.
    await user.type(input(), '{Backspace}', { initialSelectionStart: 6, initialSelectionEnd: 6 });
    expect(input()).toHaveValue('(205) 955-012');
    expect(onChange).toHaveBeenLastCalledWith({ phone_mobile: '' });
  });

  it('takes a pasted number in any format', async () => {
    const { user, onChange } = renderForm(phone);
    await user.click(input());
    await user.paste('+1 202.555.0123');
    expect(input()).toHaveValue('(120) 255-5012');
    await user.clear(input());
    await user.paste('202.555.0123');
    expect(input()).toHaveValue('(202) 555-0123');
    expect(onChange).toHaveBeenLastCalledWith({ phone_mobile: '(202) 555-0123' });
  });
});
