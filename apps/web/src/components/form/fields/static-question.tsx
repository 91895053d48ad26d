import type { StaticQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import styles from './notice.module.css';

/** Information text. 'applicant' text is left out of the print view and 'service' text appears only there. */
export function StaticQuestionField({ question, ctx }: QuestionProps<StaticQuestion>) {
  if (question.audience === (ctx.readOnly ? 'applicant' : 'service')) return null;
  return (
    <div id={question.key} className={styles.info}>
      {question.label && <p className={styles.infoTitle}>{question.label}</p>}
      <p className={styles.text}>{question.content}</p>
    </div>
  );
}
