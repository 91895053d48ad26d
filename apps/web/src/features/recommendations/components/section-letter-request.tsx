import type { Answers, FormSection, RecommenderPrefix } from '@admissions/domain';
import { useRecommendations } from '../api/recommendations-api';
import { useRefetchWhenSaved } from '../hooks/use-refetch-when-saved';
import { recommenderOfSection } from '../recommender-sections';
import { RecommenderStatus } from './recommender-status';
import styles from './recommender-status.module.css';

interface SectionLetterRequestProps {
  section: FormSection;
  /** The answers on screen, unsaved edits included. */
  answers: Answers;
  /** Saves the unsaved edits; rejects with the save's error. */
  saveAnswers: () => Promise<void>;
}

/**
 * The end of a recommender's section on Final Steps: their letter request,
 * under the name and e-mail it goes to. Nothing for other sections, and
 * nothing for a recommender the server does not list.
 */
export function SectionLetterRequest({ section, answers, saveAnswers }: SectionLetterRequestProps) {
  const prefix = recommenderOfSection(section);
  if (!prefix) return null;
  return <LetterRequest prefix={prefix} title={section.title ?? ''} answers={answers} saveAnswers={saveAnswers} />;
}

function LetterRequest({
  prefix,
  title,
  answers,
  saveAnswers,
}: Omit<SectionLetterRequestProps, 'section'> & { prefix: RecommenderPrefix; title: string }) {
  const list = useRecommendations(true);
  useRefetchWhenSaved(prefix, list.refetch);
  const recommender = list.data?.recommenders.find((r) => r.prefix === prefix);

  if (!list.data && list.isError)
    return (
      <p className={styles.hint}>
        We could not load the status of your letter request. Please reload the page to try again.
      </p>
    );
  if (!recommender) return null;
  return (
    <RecommenderStatus
      recommender={recommender}
      heading="Letter of recommendation"
      title={title}
      editable
      typedEmail={answers[`${prefix}email`]}
      beforeRequest={saveAnswers}
    />
  );
}
