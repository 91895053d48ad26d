import type { RubricCriterion } from '@admissions/domain';
import { Button } from '../../../components/ui/button';
import { LabelledInput } from './editor-section';
import { stageIdOf } from './stages-editor';
import styles from './workflow.module.css';

interface CriterionFieldsProps {
  /** The editor's useId(): the fields are `${idPrefix}-${index}-label`, `-id`, `-min` and `-max`. */
  idPrefix: string;
  criterion: RubricCriterion;
  index: number;
  /** The ids of the rubric's criteria: a new criterion's id is made from its label, unlike each of them. */
  takenIds: readonly string[];
  /** The only criterion stays: a rubric needs one. */
  last: boolean;
  onChange: (patch: Partial<RubricCriterion>) => void;
  onRemove: () => void;
}

/** One criterion of a rubric: its label, its id (made from the label until typed), its lowest and highest score. */
export function CriterionFields({
  idPrefix,
  criterion: c,
  index,
  takenIds,
  last,
  onChange,
  onRemove,
}: CriterionFieldsProps) {
  const fieldId = `${idPrefix}-${index}`;
  return (
    <fieldset className={styles.criterion}>
      <legend>Criterion {index + 1}</legend>
      <LabelledInput
        id={`${fieldId}-label`}
        label="Label"
        value={c.label}
        maxLength={120}
        onChange={(e) => onChange({ label: e.target.value })}
        onBlur={() => !c.id && onChange({ id: stageIdOf(c.label, takenIds) })}
      />
      <LabelledInput
        id={`${fieldId}-id`}
        label="Id (in reviews and the CSV)"
        value={c.id}
        maxLength={40}
        onChange={(e) => onChange({ id: e.target.value })}
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
