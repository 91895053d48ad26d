import { describe, expect, it } from 'vitest';
import { CHECKED_FIELDS, checkFields, hasErrors, validateAccountForm } from './forms';
import { PASSWORD_RULES, passwordErrors, requirementState } from './password-rules';

const GOOD_PASSWORD = 'Correct-Horse-42';

describe('e-mail rules', () => {
  it.each(['ada@example.edu', 'first.last+tag@mail.example.co.uk', 'a_b-c@x-y.org'])('accepts %s', (username) => {
    expect(validateAccountForm('signup', { username, password: GOOD_PASSWORD }).username).toEqual([]);
  });

  it.each(['', 'ada', 'ada@', 'ada@example', 'ada example@x.org', 'ada@ex ample.org', 'a(b)@x.org'])(
    'rejects %j with the sign-up, confirm, forgot and reset message',
    (username) => {
      const message = ['Your email address must be valid.'];
      expect(validateAccountForm('signup', { username, password: GOOD_PASSWORD }).username).toEqual(message);
      expect(validateAccountForm('confirm', { username, code: '123456' }).username).toEqual(message);
      expect(validateAccountForm('forgot', { username }).username).toEqual(message);
      expect(
        validateAccountForm('reset', { username, password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, id: 'x' })
          .username,
      ).toEqual(message);
    },
  );

  it('uses its own message on the login screen', () => {
    expect(validateAccountForm('login', { username: 'ada', password: 'x' }).username).toEqual([
      'Please provide a valid email address.',
    ]);
  });
});

describe('password rules', () => {
  it.each([
    ['Short-1a', 'is at least 12 characters'],
    ['correct-horse-42', 'contains at least one uppercase letter'],
    ['CORRECT-HORSE-42', 'contains at least one lowercase letter'],
    ['Correct-Horse-xx', 'contains at least one number'],
    ['CorrectHorse4242', 'contains at least one special character'],
    [' Correct-Horse-42', 'contains no leading or trailing whitespace'],
    ['Correct-Horse-42 ', 'contains no leading or trailing whitespace'],
  ])('%j breaks exactly "%s"', (password, message) => {
    expect(passwordErrors(password)).toEqual([message]);
  });

  it.each([...'~!@#&;:><$%^*_,"`\'|=+.?][(){}/-'])('accepts %j as the special character', (c) => {
    expect(passwordErrors(`CorrectHorse42${c}`)).toEqual([]);
  });

  it('reports every broken rule, in order, for an empty password', () => {
    expect(passwordErrors('')).toEqual(
      PASSWORD_RULES.filter((r) => r.id !== 'noOuterWhitespace').map((r) => r.message),
    );
  });

  it('shows each requirement as inactive, error or success', () => {
    const rule = PASSWORD_RULES.find((r) => r.id === 'number')!;
    expect(requirementState('', passwordErrors(''), rule)).toBe('inactive');
    expect(requirementState('abc', passwordErrors('abc'), rule)).toBe('error');
    expect(requirementState('abc1', passwordErrors('abc1'), rule)).toBe('success');
  });

  it('asks for a password on login', () => {
    expect(validateAccountForm('login', { username: 'ada@example.edu', password: '' }).password).toEqual([
      'Password is required.',
    ]);
  });

  it('requires matching passwords on reset', () => {
    const errors = validateAccountForm('reset', {
      username: 'ada@example.edu',
      password: GOOD_PASSWORD,
      confirm_password: 'Correct-Horse-43',
      id: 'token',
    });
    expect(errors.confirm_password).toEqual(['passwords must match']);
    expect(errors.password).toEqual([]);
  });

  it('applies the sign-up rules on reset too', () => {
    expect(
      validateAccountForm('reset', { username: 'ada@example.edu', password: 'weak', confirm_password: 'weak', id: 't' })
        .password,
    ).toEqual(passwordErrors('weak'));
  });
});

describe('confirmation code', () => {
  it.each(['12345', '1234567', '12345a', ' 123456', ''])('rejects %j', (code) => {
    expect(validateAccountForm('confirm', { username: 'ada@example.edu', code }).code).toEqual([
      'The confirmation code must be exactly 6 numbers.',
    ]);
  });

  it('accepts six digits, leading zeros included', () => {
    expect(validateAccountForm('confirm', { username: 'ada@example.edu', code: '012345' }).code).toEqual([]);
  });
});

describe('checked fields per screen', () => {
  it('checks nothing on change on the login screen, and both fields on submit', () => {
    const values = { username: 'nope', password: '' };
    expect(hasErrors(checkFields('login', values, CHECKED_FIELDS.login.onChange))).toBe(false);
    expect(checkFields('login', values, CHECKED_FIELDS.login.onSubmit)).toEqual({
      username: ['Please provide a valid email address.'],
      password: ['Password is required.'],
    });
  });

  it('checks only the password on change on the reset screen', () => {
    const values = { username: 'ada@example.edu', password: 'weak', confirm_password: 'other', id: '' };
    const onChange = checkFields('reset', values, CHECKED_FIELDS.reset.onChange);
    expect(onChange.password).toEqual(passwordErrors('weak'));
    expect(onChange.confirm_password).toEqual([]);
    expect(onChange.id).toEqual([]);
    const onSubmit = checkFields('reset', values, CHECKED_FIELDS.reset.onSubmit);
    expect(onSubmit.confirm_password).toEqual(['passwords must match']);
    expect(onSubmit.id).not.toEqual([]);
  });

  it('lists the fields of SPEC section 5 for every screen', () => {
    expect(CHECKED_FIELDS).toEqual({
      login: { onChange: [], onSubmit: ['username', 'password'] },
      signup: { onChange: ['username', 'password'], onSubmit: ['username', 'password'] },
      confirm: { onChange: ['code'], onSubmit: ['code'] },
      forgot: { onChange: ['username'], onSubmit: ['username'] },
      reset: { onChange: ['password'], onSubmit: ['password', 'confirm_password', 'id'] },
    });
  });
});
