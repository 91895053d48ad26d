import { Suspense } from 'react';
import { Outlet, useMatch } from 'react-router';
import { Footer } from '../../../components/layout/footer';
import { Header } from '../../../components/layout/header';
import { SkipLink } from '../../../components/layout/skip-link';
import { PageLoading } from '../../../components/ui/page-loading';
import { AccountMenu } from '../../session/components/account-menu';
import { ApplicationChangedNotice } from '../../session/components/application-changed-notice';
import { useIsServiceUser } from '../../session/hooks/use-is-service-user';
import { InactivityGuard } from '../../session/inactivity/inactivity-guard';
import { useEndSessionOnLogin } from '../../session/leave-for-login';
import { useTenantConfig } from '../api/tenant-api';
import { useEndToastsOnNavigate } from './end-toasts-on-navigate';
import styles from './site-layout.module.css';

const MAIN_ID = 'main';

/** Header, main and footer around every screen. */
export function SiteLayout() {
  useEndSessionOnLogin();
  useEndToastsOnNavigate();
  return (
    <Suspense fallback={<PageLoading />}>
      <SiteChrome />
    </Suspense>
  );
}

function SiteChrome() {
  const tenant = useTenantConfig();
  const isServiceUser = useIsServiceUser();
  // A recommender comes by the link in an e-mail, with no account here: no account menu to offer them.
  const isRecommender = useMatch('/recommend') !== null;
  return (
    <div className={styles.page}>
      <SkipLink targetId={MAIN_ID} />
      <Header partnerName={tenant.partnerName} actions={isServiceUser || isRecommender ? undefined : <AccountMenu />} />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <ApplicationChangedNotice />
        <Outlet />
      </main>
      {!isServiceUser && (
        <Footer
          partnerName={tenant.partnerName}
          addressLine1={tenant.addressLine1}
          addressLine2={tenant.addressLine2}
          helpEmail={tenant.helpEmail}
          privacyPolicyUrl={tenant.privacyPolicyUrl}
        />
      )}
      <InactivityGuard />
    </div>
  );
}
