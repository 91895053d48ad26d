import { MAX_REVIEW_COMMENT_LENGTH, type ReviewsResponse, type Rubric } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { QUEUE_KEY } from '../api/work-api';
import { reviewsKey, saveReview } from '../api/review-api';
import { CallError } from '../components/error-text';
import { useZonedTime } from '../components/zoned-time';
import { formatScore } from '../list/work-columns';
import styles from './review.module.css';

type Texts = Record<string, string>;

const asTexts = (scores: Record<string, number> | undefined): Texts =>
  Object.fromEntries(Object.entries(scores ?? {}).map(([k, v]) => [k, String(v)]));

/** The overall score as the rubric makes it: the criteria's average or sum, or what the reviewer enters. */
export function overallOf(rubric: Rubric, scores: Record<string, number>): number | null {
  const values = rubric.criteria.map((c) => scores[c.id]).filter((v): v is number => v !== undefined);
  if (rubric.overall === 'entered' || values.length !== rubric.criteria.length || values.length === 0) return null;
  const sum = values.reduce((a, b) => a + b, 0);
  return rubric.overall === 'sum' ? sum : sum / values.length;
}

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
  const { rubric, mine } = reviews;
  const id = useId();
  const time = useZonedTime();
  const queryClient = useQueryClient();
  const [scores, setScores] = useState<Texts>(() => asTexts(mine?.scores));
  const [overall, setOverall] = useState(
    mine?.overall !== null && mine?.overall !== undefined ? String(mine.overall) : '',
  );
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [problems, setProblems] = useState<Texts>({});
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState<'draft' | 'submit' | undefined>();
  const submitted = mine?.status === 'submitted';

  const check = (submit: boolean) => {
    const found: Texts = {};
    for (const c of rubric.criteria) {
      const text = scores[c.id]?.trim() ?? '';
      if (text === '') {
        if (submit) found[c.id] = `Give ${c.label} a score from ${c.min} to ${c.max}.`;
        continue;
      }
      const n = Number(text);
      if (!Number.isFinite(n) || n < c.min || n > c.max) found[c.id] = `${c.label} must be from ${c.min} to ${c.max}.`;
    }
    if (rubric.overall === 'entered') {
      const n = Number(overall.trim());
      if (overall.trim() === '') {
        if (submit) found.overall = 'Enter the overall score.';
      } else if (!Number.isFinite(n)) found.overall = 'The overall score must be a number.';
    }
    return found;
  };

  const save = async (submit: boolean) => {
    setError(undefined);
    onSaved('');
    const found = check(submit);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const numbers = Object.fromEntries(
      Object.entries(scores)
        .filter(([, v]) => v.trim() !== '')
        .map(([k, v]) => [k, Number(v)]),
    );
    setBusy(submit ? 'submit' : 'draft');
    try {
      await saveReview(userId, {
        scores: numbers,
        comment,
        ...(rubric.overall === 'entered' && overall.trim() !== '' ? { overall: Number(overall) } : {}),
        submit,
      });
      onSaved(
        submit
          ? submitted
            ? 'Your changes to the submitted review were saved.'
            : 'Your review was submitted.'
          : 'Your draft was saved.',
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKey(userId) }),
        queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'applications'] }),
      ]);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(undefined);
    }
  };

  const computed = overallOf(
    rubric,
    Object.fromEntries(
      Object.entries(scores)
        .filter(([, v]) => v.trim() !== '' && Number.isFinite(Number(v)))
        .map(([k, v]) => [k, Number(v)]),
    ),
  );

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void save(true);
      }}
    >
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        Your review
      </h2>
      <p className={styles.status}>
        {mine
          ? submitted
            ? `Submitted ${time(mine.submitted_at ?? mine.updated_at)}. You may still amend it; each change is kept in the audit log.`
            : `Draft saved ${time(mine.updated_at)}. Not submitted yet.`
          : 'Not started.'}
      </p>
      {rubric.criteria.map((c) => (
        <div key={c.id} className={styles.field}>
          <label htmlFor={`${id}-${c.id}`}>
            {c.label}{' '}
            <span className={styles.hint}>
              (from {c.min} to {c.max})
            </span>
          </label>
          <input
            id={`${id}-${c.id}`}
            type="number"
            inputMode="decimal"
            min={c.min}
            max={c.max}
            value={scores[c.id] ?? ''}
            aria-invalid={problems[c.id] ? true : undefined}
            aria-describedby={problems[c.id] ? `${id}-${c.id}-error` : undefined}
            onChange={(e) => setScores({ ...scores, [c.id]: e.target.value })}
          />
          {problems[c.id] && (
            <p id={`${id}-${c.id}-error`} className={styles.error}>
              {problems[c.id]}
            </p>
          )}
        </div>
      ))}
      {rubric.overall === 'entered' ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-overall`}>Overall score</label>
          <input
            id={`${id}-overall`}
            type="number"
            inputMode="decimal"
            value={overall}
            aria-invalid={problems.overall ? true : undefined}
            aria-describedby={problems.overall ? `${id}-overall-error` : undefined}
            onChange={(e) => setOverall(e.target.value)}
          />
          {problems.overall && (
            <p id={`${id}-overall-error`} className={styles.error}>
              {problems.overall}
            </p>
          )}
        </div>
      ) : (
        <p>
          Overall ({rubric.overall === 'sum' ? 'sum' : 'average'} of the criteria):{' '}
          <strong>{computed === null ? 'once every criterion is scored' : formatScore(computed)}</strong>
        </p>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-comment`}>Comment</label>
        <textarea
          id={`${id}-comment`}
          rows={5}
          maxLength={MAX_REVIEW_COMMENT_LENGTH}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <CallError error={error} />
      {Object.keys(problems).length > 0 && (
        <InlineAlert severity="error">Please correct the scores marked above.</InlineAlert>
      )}
      <div className={styles.buttons}>
        {!submitted && (
          <Button variant="secondary" loading={busy === 'draft'} disabled={!!busy} onClick={() => void save(false)}>
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
