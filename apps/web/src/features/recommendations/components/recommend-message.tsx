import type { ReactNode } from 'react';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import styles from './recommend-page.module.css';

/**
 * A page that replaces the recommender's form: the confirmation, or why the
 * link cannot be used. Its heading takes focus, so it is read out at once.
 */
export function RecommendMessage({ heading, children }: { heading: string; children: ReactNode }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className={styles.card}>
      <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
        {heading}
      </h1>
      {children}
    </div>
  );
}
