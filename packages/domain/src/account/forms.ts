import { CONFIRMATION_CODE_LENGTH } from '../constants';
import { isValidEmail } from './email';
import { ACCOUNT_MESSAGES } from './messages';
import { passwordErrors } from './password-rules';

export interface LoginForm {
  username: string;
  password: string;
}
export interface SignupForm {
  username: string;
  password: string;
}
export interface ConfirmForm {
  username: string;
  code: string;
}
export interface ForgotForm {
  username: string;
}
export interface ResetForm {
  username: string;
  password: string;
  confirm_password: string;
  id: string;
}

export interface AccountForms {
  login: LoginForm;
  signup: SignupForm;
  confirm: ConfirmForm;
  forgot: ForgotForm;
  reset: ResetForm;
}
export type AccountFormName = keyof AccountForms;

/** Messages per field; an empty list means the field is fine. */
export type FieldErrors<T> = { [K in keyof T]: string[] };

const CODE_PATTERN = new RegExp(`^[0-9]{${CONFIRMATION_CODE_LENGTH}}$`);

type Rules<T> = { [K in keyof T]: (values: T) => string[] };

const when = (broken: boolean, message: string): string[] => (broken ? [message] : []);
const email = (value: string) => when(!isValidEmail(value), ACCOUNT_MESSAGES.emailInvalid);

const RULES: { [F in AccountFormName]: Rules<AccountForms[F]> } = {
  login: {
    username: (v) => when(!isValidEmail(v.username), ACCOUNT_MESSAGES.loginEmailInvalid),
    password: (v) => when(v.password === '', ACCOUNT_MESSAGES.passwordRequired),
  },
  signup: {
    username: (v) => email(v.username),
    password: (v) => passwordErrors(v.password),
  },
  confirm: {
    username: (v) => email(v.username),
    code: (v) => when(!CODE_PATTERN.test(v.code), ACCOUNT_MESSAGES.codeInvalid),
  },
  forgot: {
    username: (v) => email(v.username),
  },
  reset: {
    username: (v) => email(v.username),
    password: (v) => passwordErrors(v.password),
    confirm_password: (v) => when(v.password !== v.confirm_password, ACCOUNT_MESSAGES.passwordsMustMatch),
    id: (v) => when(v.id.trim() === '', ACCOUNT_MESSAGES.resetIdRequired),
  },
};

/**
 * Which fields each screen checks, on every change and on submit (SPEC section 5).
 * The server checks every field of a call regardless.
 */
export const CHECKED_FIELDS: {
  [F in AccountFormName]: { onChange: (keyof AccountForms[F])[]; onSubmit: (keyof AccountForms[F])[] };
} = {
  login: { onChange: [], onSubmit: ['username', 'password'] },
  signup: { onChange: ['username', 'password'], onSubmit: ['username', 'password'] },
  confirm: { onChange: ['code'], onSubmit: ['code'] },
  forgot: { onChange: ['username'], onSubmit: ['username'] },
  reset: { onChange: ['password'], onSubmit: ['password', 'confirm_password', 'id'] },
};

/** Errors for every field of a form. */
export function validateAccountForm<F extends AccountFormName>(
  form: F,
  values: AccountForms[F],
): FieldErrors<AccountForms[F]> {
  const rules = RULES[form] as Rules<AccountForms[F]>;
  const errors = {} as FieldErrors<AccountForms[F]>;
  for (const field of Object.keys(rules) as (keyof AccountForms[F])[]) {
    errors[field] = rules[field](values);
  }
  return errors;
}

/** Errors of the given fields only; the others are reported as fine. */
export function checkFields<F extends AccountFormName>(
  form: F,
  values: AccountForms[F],
  fields: readonly (keyof AccountForms[F])[],
): FieldErrors<AccountForms[F]> {
  const all = validateAccountForm(form, values);
  const errors = {} as FieldErrors<AccountForms[F]>;
  for (const field of Object.keys(all) as (keyof AccountForms[F])[]) {
    errors[field] = fields.includes(field) ? all[field] : [];
  }
  return errors;
}

export function hasErrors(errors: Record<string, readonly string[]>): boolean {
  return Object.values(errors).some((list) => list.length > 0);
}
