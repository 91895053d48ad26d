import type { MouseEvent } from 'react';
import styles from './skip-link.module.css';

/**
 * Lets keyboard users jump past the header (WCAG 2.4.1). Focus is moved by
 * script so the URL keeps its hash free for the validation summary's anchors.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <a className={styles.skipLink} href={`#${targetId}`} onClick={onClick}>
      Skip to main content
    </a>
  );
}
