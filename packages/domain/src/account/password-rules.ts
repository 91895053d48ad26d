import { PASSWORD_MIN_LENGTH } from '../constants';

export const PASSWORD_SPECIAL_CHARACTERS = '~!@#&;:><$%^*_,"`\'|=+.?][(){}/-';

export type PasswordRuleId = 'minLength' | 'uppercase' | 'lowercase' | 'number' | 'special' | 'noOuterWhitespace';

export interface PasswordRule {
  id: PasswordRuleId;
  message: string;
  test: (password: string) => boolean;
}

/** Each rule has its own message, shown in the requirement list (SPEC section 5). */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'minLength',
    message: `is at least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', message: 'contains at least one uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', message: 'contains at least one lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', message: 'contains at least one number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    message: 'contains at least one special character',
    test: (p) => [...p].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
  {
    id: 'noOuterWhitespace',
    message: 'contains no leading or trailing whitespace',
    test: (p) => p === p.trim(),
  },
];

/** Messages of every rule the password breaks, in rule order. */
export function passwordErrors(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

export type RequirementState = 'inactive' | 'error' | 'success';

/** SPEC section 4: inactive while empty, error when the rule's message is among the errors, else success. */
export function requirementState(password: string, errors: readonly string[], rule: PasswordRule): RequirementState {
  if (password === '') return 'inactive';
  return errors.includes(rule.message) ? 'error' : 'success';
}
