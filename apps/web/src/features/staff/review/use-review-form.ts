import type { ReviewsResponse } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { reviewsKey, saveReview } from '../api/review-api';
import { QUEUE_KEY } from '../api/work-api';
import { asTexts, numbersOf, overallOf, reviewProblems, type Texts } from './review-checks';

/** What each save says, once done. */
function savedMessage(submit: boolean, wasSubmitted: boolean) {
  if (!submit) return 'Your draft was saved.';
  return wasSubmitted ? 'Your changes to the submitted review were saved.' : 'Your review was submitted.';
}

/**
 * The caller's review being written: the texts typed, the problems found, and the save (as a draft or
 * submitted). A save with problems sends nothing and puts the focus on the first field at fault.
 */
export function useReviewForm(userId: string, reviews: ReviewsResponse, onSaved: (message: string) => void) {
  const { rubric, mine } = reviews;
  const id = useId();
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
  /** The id of a field of the form: `fieldId('overall')`, `fieldId(criterion.id)`, `fieldId('comment')`. */
  const fieldId = (field: string) => `${id}-${field}`;

  const save = async (submit: boolean) => {
    setError(undefined);
    onSaved('');
    const found = reviewProblems(rubric, scores, overall, submit);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setBusy(submit ? 'submit' : 'draft');
    try {
      await saveReview(userId, {
        scores: numbersOf(scores),
        comment,
        ...(rubric.overall === 'entered' && overall.trim() !== '' ? { overall: Number(overall) } : {}),
        submit,
      });
      onSaved(savedMessage(submit, submitted));
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

  return {
    id,
    fieldId,
    rubric,
    mine,
    submitted,
    scores,
    setScore: (criterion: string, text: string) => setScores({ ...scores, [criterion]: text }),
    overall,
    setOverall,
    /** The overall the rubric computes from the scores typed so far (null until every criterion is scored). */
    computed: overallOf(rubric, numbersOf(scores, true)),
    comment,
    setComment,
    problems,
    error,
    busy,
    save,
  };
}
