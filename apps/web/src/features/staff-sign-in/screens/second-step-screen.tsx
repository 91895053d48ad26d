import { useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { PageLoading } from '../../../components/ui/page-loading';
import { useMfaStatus } from '../api/mfa-api';
import { EnrolStep } from '../components/enrol-step';
import { StepError } from '../components/step-error';
import { VerifyStep } from '../components/verify-step';
import styles from '../components/sign-in.module.css';

/**
 * What the console shows instead of its pages while a password sign-in still has its second step to pass
 * (401 MFA_REQUIRED, STAFF_MFA=required; issue 44): set one up, or use it. Once passed, every console call is
 * asked again, and the page that was asked for shows.
 */
export function SecondStepScreen() {
  const status = useMfaStatus();
  const queryClient = useQueryClient();
  const passed = () => void queryClient.resetQueries({ queryKey: ['staff'] });
  const title = status.data?.enrolled === false ? 'Set up a second sign-in step' : 'Second sign-in step';
  usePageTitle(title);
  // The heading waits for the answer: it says which of the two steps this is.
  if (status.isPending) return <PageLoading />;
  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>{title}</h1>
      {!status.data ? (
        <StepError error={status.error} />
      ) : status.data.enrolled ? (
        <>
          <p>Your password was right. To finish signing in, confirm it is you with your second step.</p>
          <VerifyStep status={status.data} onPassed={passed} />
        </>
      ) : (
        <EnrolStep onDone={passed} />
      )}
    </div>
  );
}
