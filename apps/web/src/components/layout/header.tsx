import type { ReactNode } from 'react';
import { APP_TITLE } from './app-title';
import { Logo } from './logo';
import styles from './header.module.css';

interface HeaderProps {
  partnerName: string;
  /** Controls at the end of the header, e.g. the account menu. */
  actions?: ReactNode;
}

export function Header({ partnerName, actions }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo partnerName={partnerName} />
          {/* Not a heading: each page's own title is its only h1. */}
          <p className={styles.title}>{APP_TITLE}</p>
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
