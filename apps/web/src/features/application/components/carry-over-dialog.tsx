import { fieldDisplayName, type Answers, type CarryOverConflict, type FormDefinition } from '@admissions/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import styles from './carry-over-dialog.module.css';

export const CARRY_OVER_TITLE = 'Which answers should we keep?';
export const CARRY_OVER_TEXT =
  'Before you logged in, you answered some questions differently from the answers saved in your application. Choose the answer to keep for each one.';

type Choice = 'saved' | 'carried';

/** The answers to save for the choices made: only the questions where the typed answer was chosen. */
export function chosenAnswers(
  conflicts: readonly CarryOverConflict[],
  choices: Readonly<Record<string, Choice>>,
): Answers {
  const out: Answers = {};
  for (const c of conflicts) {
    if (choices[c.key] !== 'carried') continue;
    out[c.key] = c.carried;
    if (c.carried_desc) out[c.carried_desc.key] = c.carried_desc.value;
  }
  return out;
}

/**
 * Both answers of every question answered differently before and after
 * logging in, as a pair of radios per question (a fieldset named by the
 * question), the saved answer chosen to start with. Nothing is overwritten
 * until the applicant confirms; closing the dialog keeps every saved answer.
 */
export function CarryOverDialog({
  form,
  conflicts,
  onResolve,
}: {
  form: FormDefinition;
  conflicts: readonly CarryOverConflict[];
  onResolve: (changes: Answers) => void;
}) {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const id = useId();
  return (
    <Modal
      title={CARRY_OVER_TITLE}
      size="s"
      open
      onOpenChange={(open) => !open && onResolve({})}
      actions={<Button onClick={() => onResolve(chosenAnswers(conflicts, choices))}>Keep these answers</Button>}
    >
      <p>{CARRY_OVER_TEXT}</p>
      <div className={styles.list}>
        {conflicts.map((c, i) => {
          const choice = choices[c.key] ?? 'saved';
          const choose = (next: Choice) => setChoices((all) => ({ ...all, [c.key]: next }));
          return (
            <fieldset key={c.key} className={styles.question}>
              <legend className={styles.legend}>{fieldDisplayName(form, c.key)}</legend>
              <label className={styles.option}>
                <input type="radio" name={`${id}-${i}`} checked={choice === 'saved'} onChange={() => choose('saved')} />
                <span>
                  <span className={styles.source}>Saved in your application:</span> {c.saved_text}
                </span>
              </label>
              <label className={styles.option}>
                <input
                  type="radio"
                  name={`${id}-${i}`}
                  checked={choice === 'carried'}
                  onChange={() => choose('carried')}
                />
                <span>
                  <span className={styles.source}>Entered before you logged in:</span> {c.carried_text}
                </span>
              </label>
            </fieldset>
          );
        })}
      </div>
    </Modal>
  );
}
