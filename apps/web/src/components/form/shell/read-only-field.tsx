import type { ReactNode } from 'react';
import styles from './field.module.css';

/** The print view of one answer: its label and the value as text. */
export function ReadOnlyField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.readOnly}>
      <span className={styles.readOnlyLabel}>{label}</span>
      <span className={styles.readOnlyValue}>{children}</span>
    </div>
  );
}

/**
 * '[X]' or '[ ]' as in the PDF copy. The marks are plain text, so they print
 * in any font; a screen reader hears them spelt out, so say it in words too.
 */
export function ChoiceMark({ checked, children }: { checked: boolean; children: ReactNode }) {
  return (
    <div className={styles.mark}>
      <span aria-hidden="true">{checked ? '[X]' : '[ ]'}</span>
      <span className="visually-hidden">{checked ? 'Selected: ' : 'Not selected: '}</span> {children}
    </div>
  );
}
