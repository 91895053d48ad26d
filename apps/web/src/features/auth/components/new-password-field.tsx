import { PASSWORD_RULES } from '@admissions/domain';
import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { PasswordRequirements } from './password-requirements';

const RULE_MESSAGES: ReadonlySet<string> = new Set(PASSWORD_RULES.map((rule) => rule.message));

interface NewPasswordFieldProps extends Omit<
  ComponentProps<typeof TextField>,
  'type' | 'description' | 'invalid' | 'value'
> {
  value: string;
  /** Every rule the password breaks now, for the requirement list (shown even before the field is touched). */
  ruleErrors: readonly string[];
}

/**
 * A password field with the requirement list (sign-up and reset). The list
 * already names each broken rule, so only other messages (e.g. from the
 * server) are repeated under the field.
 */
export function NewPasswordField({ value, errors = [], ruleErrors, ...props }: NewPasswordFieldProps) {
  return (
    <TextField
      {...props}
      type="password"
      autoComplete="new-password"
      value={value}
      errors={errors.filter((message) => !RULE_MESSAGES.has(message))}
      invalid={errors.length > 0}
      description={<PasswordRequirements password={value} errors={ruleErrors} />}
    />
  );
}
