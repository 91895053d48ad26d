import { MY_DATA_PATH, type ChecklistItem } from '@admissions/domain';
import { DecisionStatus } from '../../decisions/components/decision-status';
import { ReceivedMessages, useReceivedMessagesKnown } from '../../messages/components/received-messages';
import { FeesStatus } from '../../payments/components/fees-status';
import { PdfDownload } from '../../pdf/components/pdf-download';
import { CompletionLetters, useCompletionLetters } from '../../recommendations/components/completion-letters';
import { useStatus } from '../../status/api/status-api';
import { applicantStage, isSettled } from '../../status/applicant-stage';
import { CompletionStatus } from '../../status/components/completion-status';
import { NextSteps } from '../../status/components/next-steps';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useApplicationAnswers, useApplicationForm } from '../state/application-state-context';
import styles from './completion-content.module.css';

/** The completion page's body: thanks and what happens next (the banner above thanks by name). */
export function CompletionContent() {
  const { partnerName, applicationTitle, secondShortName, webSiteWord, collegeAidInfo, exploreLinks, helpEmail } =
    useTenantConfig();
  const { form } = useApplicationForm();
  const { answers } = useApplicationAnswers();
  const letters = useCompletionLetters(form, answers);
  // The decision and the checklist arrive after the page: drawn above what follows only once known (CLS).
  const status = useStatus();
  const statusKnown = status.data !== undefined || status.isError;
  // The office's messages (issue 46) likewise: shown above what happens next, so awaited with the status.
  const messagesKnown = useReceivedMessagesKnown();
  // Until the status is known, as before a decision.
  const stage = status.data ? applicantStage(status.data) : 'waiting';
  return (
    <div className={styles.content}>
      <p className={styles.lead}>
        Thank you for applying to {partnerName}. Your {applicationTitle} has been submitted.
      </p>
      <PdfDownload />
      <p>
        <a href={MY_DATA_PATH} download>
          Download all your data
        </a>{' '}
        (one ZIP file: your answers, your documents, the letters you may read and the e-mails we sent you).
      </p>
      {/* What follows waits for the letters and the status: drawn before they arrive, it would be pushed down (CLS). */}
      {letters.known && statusKnown && messagesKnown && (
        <>
          {/*
            The status page: the decision once released (#32), then the checklist (#30) with what the office asked
            for, and only then the withdrawal (issue 49).
          */}
          <DecisionStatus>
            <CompletionStatus />
            {/* The fees and their payment (issue 43): nothing when the institution charges none. */}
            <FeesStatus />
            {/* Once nothing more is asked for, the checklist alone says which letters came: no request or reminder. */}
            {!isSettled(stage) && (
              <CompletionLetters
                form={form}
                recommenders={letters.recommenders}
                waived={waivedLetters(status.data?.checklist ?? [])}
              />
            )}
          </DecisionStatus>
          {/* What the admissions office wrote to the applicant (issue 46): nothing while there is none. */}
          <ReceivedMessages />
          <section aria-labelledby="completion-next">
            <h2 id="completion-next" className={styles.heading}>
              What happens next
            </h2>
            <NextSteps stage={stage} />
            <p>
              Your application can no longer be changed. Questions? Write to{' '}
              <a href={`mailto:${helpEmail}`}>{helpEmail}</a>.
            </p>
          </section>
          <section aria-labelledby="completion-aid">
            <h2 id="completion-aid" className={styles.heading}>
              Paying for your studies
            </h2>
            <p>{collegeAidInfo}</p>
          </section>
          <section aria-labelledby="completion-explore">
            <h2 id="completion-explore" className={styles.heading}>
              Explore {secondShortName}
            </h2>
            <p>
              Find out more on the {secondShortName} {webSiteWord}:
            </p>
            <ul className={styles.links}>
              {exploreLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url}>{link.label}</a>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

/** The keys of the letter items the office waived. */
function waivedLetters(checklist: readonly ChecklistItem[]): ReadonlySet<string> {
  return new Set(checklist.filter((i) => i.kind === 'letter' && i.state === 'waived').map((i) => i.key));
}
