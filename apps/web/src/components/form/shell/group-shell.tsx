import type { ReactNode } from 'react';
import { describedBy, labelIdOf } from './field-ids';
import { FieldDescription, FieldErrors } from './field-messages';
import styles from './field.module.css';

interface GroupShellProps {
  /** Id of the fieldset; given when the group itself is a link target (blocks without a control of that key). */
  id?: string;
  fieldKey: string;
  label: string;
  description?: string | undefined;
  errors: readonly string[];
  /** 'block' groups whole questions (address, school); 'choices' groups radios or boxes. */
  variant?: 'choices' | 'block';
  children: ReactNode;
}

/**
 * A fieldset whose legend names several controls. A group used as a link
 * target is focusable from script only (tabIndex -1), so following a summary
 * link lands on it without adding a tab stop.
 */
export function GroupShell({
  id,
  fieldKey,
  label,
  description,
  errors,
  variant = 'choices',
  children,
}: GroupShellProps) {
  return (
    <fieldset
      id={id}
      tabIndex={id ? -1 : undefined}
      // Only a group that is a link target is described: otherwise its controls carry the messages.
      aria-describedby={id ? describedBy(fieldKey, Boolean(description), errors.length > 0) : undefined}
      className={variant === 'block' ? styles.block : styles.group}
      data-invalid={errors.length > 0 || undefined}
    >
      {label && (
        <legend id={labelIdOf(fieldKey)} className={variant === 'block' ? styles.blockLegend : styles.label}>
          {label}
        </legend>
      )}
      <FieldDescription fieldKey={fieldKey} text={description} />
      <div className={variant === 'block' ? styles.blockBody : styles.choices}>{children}</div>
      <FieldErrors fieldKey={fieldKey} errors={errors} />
    </fieldset>
  );
}
