import type { RubricCriterionInput } from '@admissions/domain';
import { Button } from '../../../components/ui/button';
import { LabelledInput } from './editor-section';
import styles from './workflow.module.css';

interface CriterionFieldsProps {
  /** The editor's useId(): the fields are `${idPrefix}-${index}-label`, `-min` and `-max`. */
  idPrefix: string;
  criterion: RubricCriterionInput;
  index: number;
  /** The only criterion stays: a rubric needs one. */
  last: boolean;
  onChange: (patch: Partial<RubricCriterionInput>) => void;
  onRemove: () => void;
}

/**
 * One criterion of a rubric: its label, its lowest and highest score. Its id is the server's, made once when the
 * criterion is first saved and never shown or typed (issue 49), so a new label keeps the scores under it.
 */
export function CriterionFields({ idPrefix, criterion: c, index, last, onChange, onRemove }: CriterionFieldsProps) {
  const fieldId = `${idPrefix}-${index}`;
  return (
    <fieldset className={styles.criterion}>
      <legend>Criterion {index + 1}</legend>
      <LabelledInput
        id={`${fieldId}-label`}
        label="Label"
        value={c.label}
        maxLength={100}
        onChange={(e) => onChange({ label: e.target.value })}
      />
      <LabelledInput
        id={`${fieldId}-min`}
        label="Lowest score"
        type="number"
        value={c.min}
        onChange={(e) => onChange({ min: Number(e.target.value) })}
      />
      <LabelledInput
        id={`${fieldId}-max`}
        label="Highest score"
        type="number"
        value={c.max}
        onChange={(e) => onChange({ max: Number(e.target.value) })}
      />
      <Button
        variant="secondary"
        aria-label={`Remove criterion ${index + 1}${c.label ? `, ${c.label}` : ''}`}
        disabled={last}
        onClick={onRemove}
      >
        Remove
      </Button>
    </fieldset>
  );
}
