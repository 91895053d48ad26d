import type { RubricCriterionInput, RubricInput, RubricsInput, RubricsResponse } from '@admissions/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RUBRICS_KEY, saveRubrics } from '../api/workflow-api';
import { usePrograms } from '../team/member-fields';
import { CriterionFields } from './criterion-fields';
import { EditorSection } from './editor-section';
import { focusLater, useEditorSave } from './use-editor-save';
import styles from './workflow.module.css';

const DEFAULT = 'default';
const OVERALLS: { value: RubricInput['overall']; label: string }[] = [
  { value: 'average', label: 'Average of the criteria' },
  { value: 'sum', label: 'Sum of the criteria' },
  { value: 'entered', label: 'Entered by the reviewer' },
];
const EMPTY_RUBRIC: RubricInput = {
  criteria: [{ label: 'Overall merit', min: 1, max: 5 }],
  overall: 'average',
};

/** What the browser can tell before the server checks again: labels and ranges (ids are the server's). */
export function rubricProblem(rubric: RubricInput): string | undefined {
  if (rubric.criteria.length === 0) return 'A rubric needs at least one criterion.';
  for (const c of rubric.criteria) {
    if (!c.label.trim()) return 'Every criterion needs a label.';
    if (!Number.isFinite(c.min) || !Number.isFinite(c.max) || c.min >= c.max)
      return `The lowest score of ${c.label} must be below its highest.`;
  }
  return undefined;
}

/**
 * A rubric per program, and the default for programs without one: criteria
 * (label, lowest and highest score) and how the overall score is made. A new
 * criterion goes to the server without an id and comes back with the one it
 * keeps for good (issue 49); saving stays on the program being edited.
 */
export function RubricsEditor({ saved }: { saved: RubricsResponse }) {
  const { programs, programLabel } = usePrograms();
  const id = useId();
  const editor = useEditorSave(id);
  const [rubrics, setRubrics] = useState<RubricsInput>(saved);
  const [program, setProgram] = useState(DEFAULT);
  const rubric = rubrics[program];

  const change = (next: RubricInput | undefined) => {
    const copy = { ...rubrics };
    if (next) copy[program] = next;
    else delete copy[program];
    setRubrics(copy);
    editor.changed();
  };
  const save = () =>
    editor.save({
      problem: rubricsProblem(rubrics, programLabel),
      call: async () => setRubrics(await saveRubrics(rubrics)),
      saved: 'The rubrics were saved.',
      queryKey: RUBRICS_KEY,
    });

  return (
    <EditorSection id={id} title="Rubrics" editor={editor} saveLabel="Save rubrics" onSave={() => void save()}>
      <div className={styles.field}>
        <label htmlFor={`${id}-program`}>Rubric of</label>
        <select id={`${id}-program`} value={program} onChange={(e) => setProgram(e.target.value)}>
          <option value={DEFAULT}>Default (programs without their own)</option>
          {programs.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
              {rubrics[p.value] ? ' (its own rubric)' : ''}
            </option>
          ))}
        </select>
      </div>
      {!rubric ? (
        <div className={styles.section}>
          <p>{programLabel(program)} uses the default rubric.</p>
          <div>
            <Button variant="secondary" onClick={() => change(structuredClone(rubrics[DEFAULT] ?? EMPTY_RUBRIC))}>
              Give it its own rubric
            </Button>
          </div>
        </div>
      ) : (
        <RubricFields
          id={id}
          rubric={rubric}
          name={program === DEFAULT ? 'the default rubric' : `the rubric of ${programLabel(program)}`}
          onChange={change}
          onUseDefault={program === DEFAULT ? undefined : () => change(undefined)}
          say={editor.setSaid}
        />
      )}
    </EditorSection>
  );
}

/** The first rubric the browser finds wrong, named, before the server checks them all again. */
function rubricsProblem(rubrics: RubricsInput, programLabel: (code: string) => string): string | undefined {
  for (const [key, r] of Object.entries(rubrics)) {
    const found = rubricProblem(r);
    if (found) return `${key === DEFAULT ? 'Default rubric' : programLabel(key)}: ${found}`;
  }
  return undefined;
}

interface RubricFieldsProps {
  id: string;
  rubric: RubricInput;
  /** 'the default rubric', 'the rubric of MA in Education'. */
  name: string;
  onChange: (next: RubricInput) => void;
  /** A program's own rubric can give way to the default; the default cannot. */
  onUseDefault: (() => void) | undefined;
  say: (message: string) => void;
}

/** One rubric: its criteria, added and removed with focus kept in place, and how its overall score is made. */
function RubricFields({ id, rubric, name, onChange, onUseDefault, say }: RubricFieldsProps) {
  const changeCriterion = (index: number, patch: Partial<RubricCriterionInput>) =>
    onChange({ ...rubric, criteria: rubric.criteria.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  const removeCriterion = (index: number) => {
    onChange({ ...rubric, criteria: rubric.criteria.filter((_, j) => j !== index) });
    say(`Criterion ${index + 1} removed.`);
    focusLater(`${id}-add`);
  };
  const addCriterion = () => {
    onChange({ ...rubric, criteria: [...rubric.criteria, { label: '', min: 1, max: 5 }] });
    focusLater(`${id}-${rubric.criteria.length}-label`);
  };
  return (
    <>
      <ol className={styles.criteria}>
        {rubric.criteria.map((c, i) => (
          <li key={c.id ?? `new-${i}`}>
            <CriterionFields
              idPrefix={id}
              criterion={c}
              index={i}
              last={rubric.criteria.length === 1}
              onChange={(patch) => changeCriterion(i, patch)}
              onRemove={() => removeCriterion(i)}
            />
          </li>
        ))}
      </ol>
      <div className={styles.row}>
        <Button id={`${id}-add`} variant="secondary" onClick={addCriterion}>
          Add criterion
        </Button>
        {onUseDefault && (
          <Button variant="secondary" onClick={onUseDefault}>
            Use the default rubric instead
          </Button>
        )}
      </div>
      <fieldset className={styles.criterion}>
        <legend>Overall score of {name}</legend>
        {OVERALLS.map((o) => (
          <label key={o.value} className={styles.check}>
            <input
              type="radio"
              name={`${id}-overall`}
              checked={rubric.overall === o.value}
              onChange={() => onChange({ ...rubric, overall: o.value })}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
