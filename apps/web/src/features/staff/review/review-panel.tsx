import { useEffect, useRef, useState } from 'react';
import { PageLoading } from '../../../components/ui/page-loading';
import { useReviews } from '../api/review-api';
import { CallError } from '../components/error-text';
import { OthersReviews } from './others-reviews';
import { ReviewForm } from './review-form';
import styles from './review.module.css';

/** The caller's review (when they may review) and the others' reviews (for deciders too, unblinded by the server). */
export function ReviewPanel({ userId, canReview }: { userId: string; canReview: boolean }) {
  const reviews = useReviews(userId);
  // Outside the form, which starts afresh from each saved version: what the last save did stays said.
  const [said, setSaid] = useState({ text: '', n: 0 });
  const saidRef = useRef<HTMLParagraphElement>(null);
  // The saved form is drawn anew, so the button that saved it is gone: focus goes to what the save did.
  useEffect(() => {
    if (said.text) saidRef.current?.focus();
  }, [said]);
  const onSaved = (text: string) => setSaid((was) => ({ text, n: was.n + 1 }));
  if (reviews.isError) return <CallError error={reviews.error} />;
  if (!reviews.data) return <PageLoading />;
  const data = reviews.data;
  return (
    <>
      {!canReview ? null : data.assigned_to_me || data.mine ? (
        <section className={styles.panel}>
          <ReviewForm
            key={`${userId}:${data.mine?.updated_at ?? ''}`}
            userId={userId}
            reviews={data}
            onSaved={onSaved}
          />
          <p role="status" className={styles.status} ref={saidRef} tabIndex={-1}>
            {said.text}
          </p>
        </section>
      ) : (
        <section aria-labelledby="not-assigned-title" className={styles.panel}>
          <h2 id="not-assigned-title" className={styles.panelTitle}>
            Your review
          </h2>
          <p>This application is not assigned to you for review.</p>
        </section>
      )}
      <OthersReviews reviews={data} />
    </>
  );
}
