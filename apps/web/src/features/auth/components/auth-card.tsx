import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { useNavigationMessageToast } from '../../../components/layout/use-navigation-message-toast';
import { carryAnswers, useNavigationState } from '../../../lib/navigation-state';
import styles from './auth-card.module.css';

interface AuthCardProps {
  /** The card's header, also the page's h1 and title. */
  title: string;
  children: ReactNode;
  /** The footer's question and link, e.g. "Don't have an account?" and Sign Up. */
  footerQuestion: string;
  footerLinkText: string;
  footerLinkTo: string;
}

/** The frame of every account screen (SPEC section 2). */
export function AuthCard({ title, children, footerQuestion, footerLinkText, footerLinkTo }: AuthCardProps) {
  const headingId = useId();
  const { answers } = useNavigationState();
  usePageTitle(title);
  useNavigationMessageToast();

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h1 id={headingId} className={styles.title}>
        {title}
      </h1>
      <div className={styles.body}>{children}</div>
      <p className={styles.footer}>
        {footerQuestion}{' '}
        <Link to={footerLinkTo} state={carryAnswers(answers)}>
          {footerLinkText}
        </Link>
      </p>
    </section>
  );
}
