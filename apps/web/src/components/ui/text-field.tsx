import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './text-field.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Help shown under the input; read with it by screen readers. */
  description?: ReactNode;
  /** Messages shown under the input; any message marks the input invalid. */
  errors?: readonly string[];
  /** Marks the input invalid without messages (when the description already says why). */
  invalid?: boolean;
}

export function TextField({ label, description, errors = [], invalid, type = 'text', ...input }: TextFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const hasErrors = errors.length > 0;
  const describedBy = [hasErrors && errorId, description && descriptionId].filter(Boolean).join(' ');

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        type={type}
        className={styles.input}
        aria-invalid={hasErrors || invalid || undefined}
        aria-describedby={describedBy || undefined}
      />
      {hasErrors && (
        <div id={errorId} className={styles.errors}>
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {description && (
        <div id={descriptionId} className={styles.description}>
          {description}
        </div>
      )}
    </div>
  );
}
