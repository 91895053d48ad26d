import { DECISION_MESSAGES, type ApplicantDecision, type DecisionResponse } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { useApplicationLink } from '../../../lib/application-id';
import { STATUS_QUERY_KEY } from '../../../lib/status-query-key';
import { useStatus } from '../../status/api/status-api';
import { applicantStage, isBeforeDecision, type ApplicantStage } from '../../status/applicant-stage';
import { respondToOffer } from '../api/decision-api';
import { ReplyBy } from './reply-by';
import { WithdrawApplication } from './withdraw-application';
import { useWithdrawOthers } from './withdraw-others-dialog';
import styles from './decision-status.module.css';

export const ACCEPT_MEANS =
  'You tell us that you will enroll. This cannot be undone here: should your plans change, please write to the admissions office.';
export const DECLINE_MEANS = 'You tell us that you will not enroll. The offer ends now and cannot be accepted later.';

const WAITING_HEADING = 'Your application is waiting for some items';

/** The heading of a stage with no decision to show. */
const HEADINGS: Partial<Record<ApplicantStage, string>> = {
  waiting: WAITING_HEADING,
  complete: DECISION_MESSAGES.underReview,
  withdrawn: 'Your application was withdrawn',
};

/**
 * The decision part of the status page (/completion), whose heading names the
 * stage (issue 41): waiting for items, then under review once every item is in,
 * then the decision with its letter, its reasons, the PDF and for an offer the
 * answer, then the offer accepted or declined; or the withdrawal. Withdrawing
 * is offered until an offer is answered, below `children` (the checklist, whose requested item comes first).
 */
export function DecisionStatus({ children }: { children?: ReactNode }) {
  const status = useStatus();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  // Accepting one offer leaves the account's other applications standing: the applicant is asked about them.
  const others = useWithdrawOthers({
    onWithdrawn: (message) => setNotice((accepted) => `${accepted} ${message}`.trim()),
    focusAfter: decisionHeading,
  });
  // Without the status (its call failed) the checklist still says so; there is nothing to withdraw from here.
  if (!status.data) return <>{children}</>;
  const { decision } = status.data;
  const stage = applicantStage(status.data);
  // Everything on the page reads this one query: the checklist and the letters change with the stage at once.
  const refresh = (message: string) => {
    setNotice(message);
    return queryClient.invalidateQueries({ queryKey: STATUS_QUERY_KEY });
  };
  return (
    <>
      <section aria-labelledby="decision-title" className={styles.panel}>
        {notice && <InlineAlert severity="success">{notice}</InlineAlert>}
        {decision && stage !== 'withdrawn' ? (
          <DecisionView
            decision={decision}
            onAnswered={(m, response) => {
              void refresh(m);
              if (response === 'accept') void others.ask();
            }}
          />
        ) : (
          <h2 id="decision-title" className={styles.heading} tabIndex={-1}>
            {HEADINGS[stage] ?? WAITING_HEADING}
          </h2>
        )}
      </section>
      {children}
      {/* Apart from the answers to an offer, so that nobody withdraws while reaching for "Decline". */}
      {(isBeforeDecision(stage) || stage === 'decided') && (
        <section aria-labelledby="withdraw-title" className={styles.apart}>
          <h2 id="withdraw-title" className={styles.heading}>
            Withdrawing your application
          </h2>
          {/* Its button goes with the section: focus goes to the heading that now says it was withdrawn. */}
          <WithdrawApplication onDone={(m) => void refresh(m).then(() => decisionHeading()?.focus())} />
        </section>
      )}
      {others.element}
    </>
  );
}

/** The decision's heading, where focus goes once an answer is given (its buttons are gone then). */
const decisionHeading = () => document.getElementById('decision-title');

function DecisionView({
  decision,
  onAnswered,
}: {
  decision: ApplicantDecision;
  onAnswered: (m: string, response: DecisionResponse) => void;
}) {
  const answer = async (response: DecisionResponse) => onAnswered((await respondToOffer(response)).message, response);
  // The letter's link names the page's application (issue 42), as a form call does.
  const letterHref = useApplicationLink(decision.letter_pdf_url);
  return (
    <>
      <h2 id="decision-title" className={styles.heading} tabIndex={-1}>
        {decision.response === 'accept' ? 'Offer accepted' : decision.response ? 'Offer declined' : 'Decision'}:{' '}
        {decision.label}
      </h2>
      {/* The server escapes every value of the tenant's plain-text template (decisions/letter-template.ts). */}
      <div className={styles.letter} dangerouslySetInnerHTML={{ __html: decision.letter_html }} />
      {decision.reasons.length > 0 && (
        <>
          <h3>The reasons for our decision</h3>
          <ul>
            {decision.reasons.map((r) => (
              <li key={r.id} className={styles.reason}>
                {r.label}
                {r.details && <>: {r.details}</>}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={letterHref} download>
          Download the letter (PDF)
        </a>
      </p>
      {decision.reply_by && decision.response === null && (
        <p>
          Please answer by <ReplyBy at={decision.reply_by} zone={decision.time_zone} />.
        </p>
      )}
      {decision.response && (
        <p>
          {decision.response === 'accept'
            ? 'You accepted this offer.'
            : decision.response_by_default
              ? 'The offer was declined because it was not answered by its date.'
              : 'You declined this offer.'}
        </p>
      )}
      {decision.can_respond && (
        <div className={styles.actions}>
          <ConfirmAction
            label="Accept the offer"
            title="Accept the offer?"
            confirmLabel="Yes, accept the offer"
            cancelLabel="Not now"
            onConfirm={() => answer('accept')}
            focusAfter={decisionHeading}
          >
            <p>{ACCEPT_MEANS}</p>
          </ConfirmAction>
          <ConfirmAction
            label="Decline the offer"
            variant="secondary"
            title="Decline the offer?"
            confirmLabel="Yes, decline the offer"
            cancelLabel="Keep the offer open"
            onConfirm={() => answer('decline')}
            focusAfter={decisionHeading}
          >
            <p>{DECLINE_MEANS}</p>
          </ConfirmAction>
        </div>
      )}
    </>
  );
}
