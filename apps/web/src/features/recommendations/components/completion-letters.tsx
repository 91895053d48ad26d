import { letterItemKey, type Answers, type FormDefinition, type RecommenderState } from '@admissions/domain';
import { Subheadings } from '../../../components/form/shell/heading';
import { useRecommendations } from '../api/recommendations-api';
import { asksForRecommenders, recommenderSections } from '../recommender-sections';
import { RecommenderStatus } from './recommender-status';
import styles from './completion-letters.module.css';

export const COMPLETION_LETTERS_HEADING = 'Letters of recommendation';

/**
 * The recommenders' statuses, once known (`known`): what follows the letters
 * on the page waits for them, or it would be pushed down when they arrive.
 */
export function useCompletionLetters(form: FormDefinition, answers: Answers) {
  const asked = asksForRecommenders(form, answers);
  const list = useRecommendations(asked);
  // A recommender the applicant never named (an optional second one) is no letter at all: not "not requested yet".
  const recommenders: RecommenderState[] = ((asked && list.data?.recommenders) || []).filter(
    (r) => r.status !== 'NOT_REQUESTED' || (answers[`${r.prefix}email`] ?? '').trim() !== '',
  );
  // isLoading, not isPending: offline, the query waits paused, and the page must not wait with it.
  return { known: !asked || !list.isLoading, recommenders };
}

/**
 * The completion page's letters: each recommender's status, and a reminder
 * while one is awaited. The answers are final here, so a request can only be
 * sent when the server says the saved name and e-mail allow it.
 */
export function CompletionLetters({
  form,
  recommenders,
  waived,
}: {
  form: FormDefinition;
  recommenders: RecommenderState[];
  /** The keys of the letter items the office waived (the checklist's): the two blocks agree. */
  waived: ReadonlySet<string>;
}) {
  if (recommenders.length === 0) return null;

  const titles = new Map(recommenderSections(form).map(({ prefix, section }) => [prefix, section.title ?? '']));
  return (
    <section className={styles.section} aria-labelledby="completion-letters">
      <h2 id="completion-letters" className={styles.heading}>
        {COMPLETION_LETTERS_HEADING}
      </h2>
      <Subheadings>
        {recommenders.map((r) => {
          const title = titles.get(r.prefix) ?? 'Recommender';
          return (
            <RecommenderStatus
              key={r.prefix}
              recommender={r}
              heading={title}
              title={title}
              editable={false}
              waived={waived.has(letterItemKey(r.prefix))}
            />
          );
        })}
      </Subheadings>
    </section>
  );
}
