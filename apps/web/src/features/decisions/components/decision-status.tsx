import { DECISION_MESSAGES, type ApplicantDecision, type DecisionResponse } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { applicantStatusKey, respondToOffer, useApplicantStatus } from '../api/decision-api';
import { ReplyBy } from './reply-by';
import { WithdrawApplication } from './withdraw-application';
import styles from './decision-status.module.css';

/**
 * The decision part of the status page (/completion): "under review" until a
 * decision is released, then the decision, its letter, its reasons, the PDF,
 * and for an offer the answer; withdrawal before an offer is accepted.
 */
export const ACCEPT_MEANS =
  'You tell us that you will enroll. This cannot be undone here: should your plans change, please write to the admissions office.';
export const DECLINE_MEANS = 'You tell us that you will not enroll. The offer ends now and cannot be accepted later.';

export function DecisionStatus() {
  const status = useApplicantStatus();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  if (!status.data) return null;
  const { decision, withdrawn_at } = status.data;
  const refresh = (message: string) => {
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: applicantStatusKey });
  };
  return (
    <>
      <section aria-labelledby="decision-title" className={styles.panel}>
        {notice && <InlineAlert severity="success">{notice}</InlineAlert>}
        {withdrawn_at ? (
          <h2 id="decision-title" className={styles.heading} tabIndex={-1}>
            Your application was withdrawn
          </h2>
        ) : decision ? (
          <DecisionView decision={decision} onAnswered={refresh} />
        ) : (
          <h2 id="decision-title" className={styles.heading} tabIndex={-1}>
            {DECISION_MESSAGES.underReview}
          </h2>
        )}
      </section>
      {/* Apart from the answers to an offer, so that nobody withdraws while reaching for "Decline". */}
      {!withdrawn_at && decision?.response !== 'accept' && (
        <section aria-labelledby="withdraw-title" className={styles.apart}>
          <h2 id="withdraw-title" className={styles.heading}>
            Withdrawing your application
          </h2>
          <WithdrawApplication onDone={refresh} />
        </section>
      )}
    </>
  );
}

/** The decision's heading, where focus goes once an answer is given (its buttons are gone then). */
const decisionHeading = () => document.getElementById('decision-title');

function DecisionView({ decision, onAnswered }: { decision: ApplicantDecision; onAnswered: (m: string) => void }) {
  const answer = async (response: DecisionResponse) => onAnswered((await respondToOffer(response)).message);
  return (
    <>
      <h2 id="decision-title" className={styles.heading} tabIndex={-1}>
        Decision: {decision.label}
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
        <a href={decision.letter_pdf_url} download>
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
