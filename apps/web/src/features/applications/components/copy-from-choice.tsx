import type { ApplicationSummary } from '@admissions/domain';
import { programName } from './state-words';
import styles from './applications.module.css';

export const COPY_LEGEND = 'Copy my About You and Education answers and documents from';
export const DO_NOT_COPY = 'Do not copy';

/**
 * Which of this cycle's applications the new one starts from (the server copies only from the open cycle's), or
 * none. What is specific to a program stays with its application, and the legend's note says so before the choice.
 */
export function CopyFromChoice({
  applications,
  value,
  onChange,
}: {
  applications: ApplicationSummary[];
  value: string;
  onChange: (id: string) => void;
}) {
  const options = [
    ...applications.map((a) => ({
      id: a.id,
      label: `${programName(a)}${a.term_label ? `, ${a.term_label}` : ''}${a.current ? ' (open now)' : ''}`,
    })),
    { id: '', label: DO_NOT_COPY },
  ];
  return (
    <fieldset className={styles.choices} aria-describedby="copy-from-note">
      <legend className={styles.label}>{COPY_LEGEND}</legend>
      <p id="copy-from-note" className={styles.note}>
        Answers to the program&apos;s own questions, letters of recommendation, the submission and any decision are not
        copied. You can check and change everything in the new application.
      </p>
      {options.map((o) => (
        <label key={o.id || 'none'} className={styles.choice}>
          <input type="radio" name="copy-from" value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
