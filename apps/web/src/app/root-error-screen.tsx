import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { APP_TITLE } from '../components/layout/app-title';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { usePageTitle } from '../components/layout/use-page-title';
import { tenantConfigQuery } from '../shared/site/api/tenant-api';
import layout from '../shared/site/components/site-layout.module.css';
import { reportClientError } from './report-client-error';
import styles from './root-error-screen.module.css';

export const BACK_TO_APPLICATION = 'Back to my application';

/**
 * Shown when a route fails to render or load (SPEC section 8; RouteErrorBoundary), inside the
 * site's header and footer so the applicant is still somewhere they know.
 * The error goes to the server (POST /public/client-error), which answers a
 * reference to quote to the help desk. 'Back to my application' is a full
 * page load, so whatever broke starts afresh.
 */
export function RootErrorScreen({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  usePageTitle('Something went wrong');
  // The institution's text if it arrived; this screen also shows when it could not be loaded.
  const tenant = useQuery({ ...tenantConfigQuery, throwOnError: false, retry: false }).data;
  const [reference, setReference] = useState<string | undefined>();

  useEffect(() => {
    // Kept for whoever has the developer tools open; the server's log is the one that counts.
    console.error('The page failed to render:', error);
    let live = true;
    void reportClientError(error, pathname).then((id) => live && id && setReference(id));
    return () => {
      live = false;
    };
  }, [error, pathname]);

  return (
    <div className={layout.page}>
      <Header partnerName={tenant?.partnerName ?? APP_TITLE} />
      <main id="main" tabIndex={-1} className={layout.main}>
        <section className={styles.screen} aria-labelledby="root-error-title">
          <h1 id="root-error-title" className={styles.title}>
            Something went wrong.
          </h1>
          <p>The issue that caused you to see this has been logged. We will get it fixed as soon as possible.</p>
          {reference && (
            <p>
              Reference: <code className={styles.reference}>{reference}</code>
            </p>
          )}
          <p>
            <a className={styles.back} href="/">
              {BACK_TO_APPLICATION}
            </a>
          </p>
          {tenant && (
            <p>
              If this keeps happening, write to <a href={`mailto:${tenant.helpEmail}`}>{tenant.helpEmail}</a>
              {reference ? ' and quote the reference above.' : '.'} Your saved answers are safe.
            </p>
          )}
        </section>
      </main>
      {tenant && (
        <Footer
          partnerName={tenant.partnerName}
          addressLine1={tenant.addressLine1}
          addressLine2={tenant.addressLine2}
          helpEmail={tenant.helpEmail}
          privacyPolicyUrl={tenant.privacyPolicyUrl}
        />
      )}
    </div>
  );
}
