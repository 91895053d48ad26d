import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { usePageTitle } from '../components/layout/use-page-title';
import styles from './root-error-screen.module.css';

/** Shown when a route fails to render or load (SPEC section 8). */
export function RootErrorScreen() {
  const error = useRouteError();
  usePageTitle('Something went wrong');

  useEffect(() => {
    // The browser console is the log the page has; monitoring would hook in here.
    console.error('The page failed to render:', error);
  }, [error]);

  return (
    <main className={styles.screen}>
      <h1 className={styles.title}>Something went wrong.</h1>
      <p>The issue that caused you to see this has been logged. We will get it fixed as soon as possible.</p>
    </main>
  );
}
