import type { OtherApplication } from '../hooks/use-other-applications';
import styles from './also-ask-for.module.css';

interface AlsoAskForProps {
  /** The account's other applications that take letters from this recommender too. */
  options: readonly OtherApplication[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  /** The form's name for this recommender ('Recommender'), so the two recommenders' choices are told apart. */
  title: string;
  disabled: boolean;
}

/**
 * Beside 'Send request' when the account has other applications in this cycle (issue 42): each can be named,
 * so one e-mail asks the recommender for all of them and their one letter counts for each. Native checkboxes
 * in a fieldset: its legend names the recommender, each label the program; a whole line is the target.
 */
export function AlsoAskFor({ options, chosen, onChange, title, disabled }: AlsoAskForProps) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen.filter((c) => c !== id), id] : chosen.filter((c) => c !== id));
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>
        Your other applications <span className="visually-hidden">({title.toLowerCase()})</span>
      </legend>
      <p className={styles.hint}>One letter from this recommender counts for each application you choose.</p>
      {options.map((o) => (
        <label key={o.id} className={styles.check}>
          <input type="checkbox" checked={chosen.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />
          <span>Also ask for my application to {o.programLabel}</span>
        </label>
      ))}
    </fieldset>
  );
}
