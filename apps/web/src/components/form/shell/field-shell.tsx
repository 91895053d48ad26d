import type { ReactNode } from 'react';
import { FieldDescription, FieldErrors } from './field-messages';
import styles from './field.module.css';

interface FieldShellProps {
  fieldKey: string;
  label: string;
  description?: string | undefined;
  errors: readonly string[];
  /** Text after the control and before the errors (e.g. a character counter). */
  after?: ReactNode;
  /** Announce errors as they appear (see FieldErrors). */
  liveErrors?: boolean;
  children: ReactNode;
}

/** One labelled control: label, help, the control, then its error slot. */
export function FieldShell({ fieldKey, label, description, errors, after, liveErrors, children }: FieldShellProps) {
  return (
    <div className={styles.field} data-invalid={errors.length > 0 || undefined}>
      <label className={styles.label} htmlFor={fieldKey}>
        {label}
      </label>
      <FieldDescription fieldKey={fieldKey} text={description} />
      {children}
      {after}
      <FieldErrors fieldKey={fieldKey} errors={errors} live={liveErrors} />
    </div>
  );
}
