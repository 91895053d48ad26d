import { MAX_REVIEW_COMMENT_LENGTH, type ReviewsResponse } from '@admissions/domain';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { CallError } from '../components/error-text';
import { useZonedTime } from '../components/zoned-time';
import { formatScore } from '../list/work-columns';
import styles from './review.module.css';
import { ScoreField } from './score-field';
import { useReviewForm } from './use-review-form';

/**
 * The caller's own review against the rubric: a score per criterion within
 * its range, a comment, the overall when the rubric asks for it, saved as a
 * draft or submitted (and amended after). The server checks it all again.
 */
export function ReviewForm({
  userId,
  reviews,
  onSaved,
}: {
  userId: string;
  reviews: ReviewsResponse;
  onSaved: (message: string) => void;
}) {
  const form = useReviewForm(userId, reviews, onSaved);
  const { rubric, problems, busy, submitted } = form;
  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={form.fieldId('title')}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void form.save(true);
      }}
    >
      <h2 id={form.fieldId('title')} className={styles.panelTitle}>
        Your review
      </h2>
      <ReviewState mine={form.mine} />
      {rubric.criteria.map((c) => (
        <ScoreField
          key={c.id}
          id={form.fieldId(c.id)}
          label={c.label}
          range={c}
          value={form.scores[c.id] ?? ''}
          problem={problems[c.id]}
          onChange={(text) => form.setScore(c.id, text)}
        />
      ))}
      {rubric.overall === 'entered' ? (
        <ScoreField
          id={form.fieldId('overall')}
          label="Overall score"
          value={form.overall}
          problem={problems.overall}
          onChange={form.setOverall}
        />
      ) : (
        <p>
          Overall ({rubric.overall === 'sum' ? 'sum' : 'average'} of the criteria):{' '}
          <strong>{form.computed === null ? 'once every criterion is scored' : formatScore(form.computed)}</strong>
        </p>
      )}
      <div className={styles.field}>
        <label htmlFor={form.fieldId('comment')}>Comment</label>
        <textarea
          id={form.fieldId('comment')}
          rows={5}
          maxLength={MAX_REVIEW_COMMENT_LENGTH}
          value={form.comment}
          onChange={(e) => form.setComment(e.target.value)}
        />
      </div>
      <CallError error={form.error} />
      {Object.keys(problems).length > 0 && (
        <InlineAlert severity="error">Please correct the scores marked above.</InlineAlert>
      )}
      <div className={styles.buttons}>
        {!submitted && (
          <Button
            variant="secondary"
            loading={busy === 'draft'}
            disabled={!!busy}
            onClick={() => void form.save(false)}
          >
            Save draft
          </Button>
        )}
        <Button type="submit" loading={busy === 'submit'} disabled={!!busy}>
          {submitted ? 'Save amended review' : 'Submit review'}
        </Button>
      </div>
    </form>
  );
}

/** Where the caller's review stands: not started, a draft, or submitted (and still open to amendment). */
function ReviewState({ mine }: { mine: ReviewsResponse['mine'] }) {
  const time = useZonedTime();
  return (
    <p className={styles.status}>
      {mine
        ? mine.status === 'submitted'
          ? `Submitted ${time(mine.submitted_at ?? mine.updated_at)}. You may still amend it; each change is kept in the audit log.`
          : `Draft saved ${time(mine.updated_at)}. Not submitted yet.`
        : 'Not started.'}
    </p>
  );
}
