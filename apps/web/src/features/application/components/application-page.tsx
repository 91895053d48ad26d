import type { ReactNode } from 'react';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { useNavigationMessageToast } from '../../../components/layout/use-navigation-message-toast';
import { useIsLoggedIn } from '../../session/hooks/use-is-logged-in';
import { useIsServiceUser } from '../../session/hooks/use-is-service-user';
import type { FormPage } from '../form-pages';
import { StepNavigation } from './step-navigation';
import { WelcomeBanner } from './welcome-banner';
import styles from './application-page.module.css';

interface ApplicationPageProps {
  page: FormPage;
  /** The page's questions, once the form renderer exists. */
  children?: ReactNode;
}

/** The frame of every application page: banner, steps, the page's title and its body. */
export function ApplicationPage({ page, children }: ApplicationPageProps) {
  const isLoggedIn = useIsLoggedIn();
  const isServiceUser = useIsServiceUser();
  usePageTitle(page.title);
  useNavigationMessageToast();

  return (
    <div className={styles.page}>
      {!isLoggedIn && !isServiceUser && <WelcomeBanner />}
      {!isServiceUser && <StepNavigation />}
      <h1 className={styles.title}>{page.title}</h1>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
