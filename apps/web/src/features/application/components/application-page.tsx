import { useRef, type ReactNode } from 'react';
import { useClosedCycle } from '../../cycles/api/cycle-api';
import { ClosedCycleNotice } from '../../cycles/components/closed-cycle-notice';
import { PastApplications } from '../../cycles/components/past-applications';
import cycleStyles from '../../cycles/components/cycles.module.css';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { useNavigationMessageToast } from '../../../components/layout/use-navigation-message-toast';
import type { FormPage } from '../form-pages';
import { COMPLETION_PAGE } from '../form-pages';
import { useFocusHashTarget } from '../hooks/use-focus-hash-target';
import { useTitleAfterMove } from '../hooks/use-title-after-move';
import { useApplicationErrors, useApplicationVisit } from '../state/application-state-context';
import { StepNavigation } from './step-navigation';
import { ValidationSummary } from './validation-summary';
import styles from './application-page.module.css';

interface ApplicationPageProps {
  page: FormPage;
  /** The page's questions and buttons. */
  children?: ReactNode;
}

/** The frame of every application page: steps, validation summary, the page's title and its body (the banner above it is the form state's). */
export function ApplicationPage({ page, children }: ApplicationPageProps) {
  const { snapshot } = useApplicationVisit();
  const { shownErrors } = useApplicationErrors();
  const hasErrors = Object.keys(shownErrors).length > 0;
  usePageTitle(hasErrors ? `Error: ${page.title}` : page.title);
  useNavigationMessageToast();
  useFocusHashTarget();
  const title = useRef<HTMLHeadingElement>(null);
  useTitleAfterMove(title);

  const showSteps = !snapshot.is_service_user && page.path !== COMPLETION_PAGE.path;
  // A closed cycle's unsubmitted application (decision 052): readable, but its controls are off (the server refuses
  // its saves with CYCLE_CLOSED); /completion has nothing to change.
  const readOnly = useClosedCycle() !== null && page.path !== COMPLETION_PAGE.path;
  return (
    <div className={styles.page}>
      {showSteps && <StepNavigation />}
      {hasErrors && <ValidationSummary pagePath={page.path} />}
      <h1 ref={title} tabIndex={-1} className={styles.title}>
        {page.title}
      </h1>
      <ClosedCycleNotice />
      <div className={styles.body}>
        {readOnly ? (
          <fieldset disabled className={cycleStyles.readOnly}>
            {children}
          </fieldset>
        ) : (
          children
        )}
      </div>
      <PastApplications />
    </div>
  );
}
