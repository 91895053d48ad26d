import { isBannerActive, type DateWindowBannerQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { labelIdOf } from '../shell/field-ids';
import styles from './notice.module.css';

/**
 * A notice shown only between its start and end (SPEC section 4, Date
 * banner). Not in the print view: it is a message to applicants, not part
 * of the application. A note rather than a live region: it is there when the
 * page loads, not a change to announce.
 */
export function DateWindowBannerQuestionField({ question, ctx }: QuestionProps<DateWindowBannerQuestion>) {
  if (ctx.readOnly || !isBannerActive(question, ctx.now ?? new Date())) return null;
  return (
    <div id={question.key} role="note" className={styles.banner} aria-labelledby={labelIdOf(question.key)}>
      <p id={labelIdOf(question.key)} className={styles.bannerTitle}>
        {question.label}
      </p>
      <p className={styles.text}>{question.content}</p>
    </div>
  );
}
