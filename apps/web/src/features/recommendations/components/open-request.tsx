import {
  RECOMMENDATION_DECLINE_REASON_MAX_LENGTH,
  RECOMMENDATION_LETTER_MAX_LENGTH,
  RECOMMENDATION_LETTER_MIN_LENGTH,
  type RecommendationView,
} from '@admissions/domain';
import { useDeclineRecommendation, useSubmitLetterText } from '../api/recommender-api';
import { useLetterUpload } from '../hooks/use-letter-upload';
import { checkDeclineReason, checkLetterText } from './letter-checks';
import { LetterUpload } from './letter-upload';
import { RequestDetails } from './request-details';
import { TextAnswerForm } from './text-answer-form';
import styles from './recommend-page.module.css';

export const RECOMMEND_HEADING = 'Letter of Recommendation';
export const LETTER_TEXT_LABEL = 'Your letter';
export const SEND_LETTER_LABEL = 'Send letter';
export const DECLINE_REASON_LABEL = 'Why are you declining?';
export const DECLINE_LABEL = 'Decline the request';

interface OpenRequestProps {
  token: string;
  view: RecommendationView;
  onLinkInvalid: (message: string) => void;
}

/** The request while it waits for an answer: who asks, then the three ways to answer it. */
export function OpenRequest({ token, view, onLinkInvalid }: OpenRequestProps) {
  const upload = useLetterUpload(token, view, onLinkInvalid);
  const letterText = useSubmitLetterText(token);
  const decline = useDeclineRecommendation(token);
  // One answer at a time: a letter being checked must not cross a decline.
  const busy = upload.phase !== 'choose' || letterText.isPending || decline.isPending;

  return (
    <div className={styles.card}>
      <h1 className={styles.title}>{RECOMMEND_HEADING}</h1>
      <RequestDetails view={view} />
      <p className={styles.text}>
        You can upload your letter as a file or write it on this page. If you cannot write a letter, you can decline at
        the end of this page.
      </p>

      <section className={styles.option} aria-labelledby="recommend-upload">
        <h2 id="recommend-upload" className={styles.optionTitle}>
          Upload your letter
        </h2>
        <LetterUpload upload={upload} disabled={busy} />
      </section>

      <section className={styles.option} aria-labelledby="recommend-write">
        <h2 id="recommend-write" className={styles.optionTitle}>
          Or write your letter here
        </h2>
        <TextAnswerForm
          field="text"
          label={LETTER_TEXT_LABEL}
          description={`At least ${RECOMMENDATION_LETTER_MIN_LENGTH} characters.`}
          maxLength={RECOMMENDATION_LETTER_MAX_LENGTH}
          rows={14}
          submitLabel={SEND_LETTER_LABEL}
          check={checkLetterText}
          send={letterText.mutateAsync}
          sending={letterText.isPending}
          disabled={busy}
          onLinkInvalid={onLinkInvalid}
        />
      </section>

      <section className={styles.option} aria-labelledby="recommend-decline">
        <h2 id="recommend-decline" className={styles.optionTitle}>
          Decline the request
        </h2>
        <TextAnswerForm
          field="reason"
          label={DECLINE_REASON_LABEL}
          description={`We will pass your reason on to ${view.applicant_name}.`}
          maxLength={RECOMMENDATION_DECLINE_REASON_MAX_LENGTH}
          rows={4}
          submitLabel={DECLINE_LABEL}
          submitVariant="secondary"
          check={checkDeclineReason}
          send={decline.mutateAsync}
          sending={decline.isPending}
          disabled={busy}
          onLinkInvalid={onLinkInvalid}
        />
      </section>
    </div>
  );
}
