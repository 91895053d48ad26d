import { descriptionIdOf, errorIdOf } from './field-ids';
import styles from './field.module.css';

/** Help text shown between the label and the control. */
export function FieldDescription({ fieldKey, text }: { fieldKey: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={descriptionIdOf(fieldKey)} className={styles.description}>
      {text}
    </p>
  );
}

/**
 * The error slot under a control. Normally not a live region: errors change
 * as the user types, and announcing each change would drown the typing; the
 * control is marked invalid and describes itself with these messages
 * instead. `live` is for errors that answer one action (choosing a file);
 * a live region must exist before its text changes, so it is always there.
 */
export function FieldErrors({
  fieldKey,
  errors,
  live = false,
}: {
  fieldKey: string;
  errors: readonly string[];
  live?: boolean;
}) {
  if (errors.length === 0 && !live) return null;
  return (
    <div id={errorIdOf(fieldKey)} className={styles.errors} aria-live={live ? 'polite' : undefined}>
      {/* The same message may come from two rules; show it once. */}
      {[...new Set(errors)].map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
