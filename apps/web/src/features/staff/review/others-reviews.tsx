import type { ReviewsResponse } from '@admissions/domain';
import { useZonedTime } from '../components/zoned-time';
import { formatScore } from '../list/work-columns';
import styles from './review.module.css';

const REMOVED_CRITERION = 'Removed criterion';

/** The other reviewers' submitted reviews; blind until the caller has submitted their own (or decides). */
export function OthersReviews({ reviews }: { reviews: ReviewsResponse }) {
  const time = useZonedTime();
  // Never an id (issue 49): a score under a criterion since taken out of the rubric is named as such.
  const labelOf = (id: string) => reviews.rubric.criteria.find((c) => c.id === id)?.label ?? REMOVED_CRITERION;
  return (
    <section aria-labelledby="others-title" className={styles.panel}>
      <h2 id="others-title" className={styles.panelTitle}>
        Other reviews
      </h2>
      {reviews.others_hidden ? (
        <p>The other reviewers' reviews are shown once you have submitted yours.</p>
      ) : reviews.others.length === 0 ? (
        <p>No other review has been submitted.</p>
      ) : (
        <ul className={styles.cards}>
          {reviews.others.map((r) => (
            <li key={r.reviewer} className={styles.card}>
              <p className={styles.cardHead}>
                <strong>{r.reviewer_name ?? r.reviewer}</strong>, overall {formatScore(r.overall) || '—'}
                {r.submitted_at && <span className={styles.hint}> (submitted {time(r.submitted_at)})</span>}
              </p>
              <ul className={styles.scores}>
                {Object.entries(r.scores).map(([criterion, score]) => (
                  <li key={criterion}>
                    {labelOf(criterion)}: {formatScore(score)}
                  </li>
                ))}
              </ul>
              {r.comment && <p className={styles.text}>{r.comment}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
