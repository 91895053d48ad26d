import { DECISION_MESSAGES, type ApplicantDecision, type DecisionResponse } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { userMessage } from '../../../lib/api-errors';
import { applicantStatusKey, respondToOffer, useApplicantStatus } from '../api/decision-api';
import { ReplyBy } from './reply-by';
import { WithdrawApplication } from './withdraw-application';
import styles from './decision-status.module.css';

/**
 * The decision part of the status page (/completion): "under review" until a
 * decision is released, then the decision, its letter, its reasons, the PDF,
 * and for an offer the answer; withdrawal before an offer is accepted.
 */
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
    <section aria-labelledby="decision-title" className={styles.panel}>
      {notice && <InlineAlert severity="success">{notice}</InlineAlert>}
      {withdrawn_at ? (
        <h2 id="decision-title" className={styles.heading}>
          Your application was withdrawn
        </h2>
      ) : decision ? (
        <DecisionView decision={decision} onAnswered={refresh} />
      ) : (
        <h2 id="decision-title" className={styles.heading}>
          {DECISION_MESSAGES.underReview}
        </h2>
      )}
      {!withdrawn_at && decision?.response !== 'accept' && <WithdrawApplication onDone={refresh} />}
    </section>
  );
}

function DecisionView({ decision, onAnswered }: { decision: ApplicantDecision; onAnswered: (m: string) => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<DecisionResponse | null>(null);
  const answer = async (response: DecisionResponse) => {
    setBusy(response);
    setError('');
    try {
      onAnswered((await respondToOffer(response)).message);
    } catch (err) {
      setError(userMessage(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <h2 id="decision-title" className={styles.heading}>
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
          <Button onClick={() => answer('accept')} loading={busy === 'accept'} disabled={busy !== null}>
            Accept the offer
          </Button>
          <Button
            variant="secondary"
            onClick={() => answer('decline')}
            loading={busy === 'decline'}
            disabled={busy !== null}
          >
            Decline the offer
          </Button>
        </div>
      )}
      {error && <InlineAlert severity="error">{error}</InlineAlert>}
    </>
  );
}
