import type { ReactNode } from 'react';
import styles from './inline-alert.module.css';

/** A message inside the page (not a toast); `role="alert"` so it is read when it appears. */
export function InlineAlert({ severity, children }: { severity: 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={styles.alert} data-severity={severity} role="alert">
      {children}
    </div>
  );
}
