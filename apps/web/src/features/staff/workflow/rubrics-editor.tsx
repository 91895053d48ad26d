import type { Rubric, RubricCriterion, RubricsResponse } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RUBRICS_KEY, saveRubrics } from '../api/workflow-api';
import { CallError } from '../components/error-text';
import { usePrograms } from '../team/member-fields';
import { stageIdOf } from './stages-editor';
import styles from './workflow.module.css';

const DEFAULT = 'default';
const OVERALLS: { value: Rubric['overall']; label: string }[] = [
  { value: 'average', label: 'Average of the criteria' },
  { value: 'sum', label: 'Sum of the criteria' },
  { value: 'entered', label: 'Entered by the reviewer' },
];
const EMPTY_RUBRIC: Rubric = {
  criteria: [{ id: 'overall-merit', label: 'Overall merit', min: 1, max: 5 }],
  overall: 'average',
};

/** What the browser can tell before the server checks again: labels, ids and ranges. */
export function rubricProblem(rubric: Rubric): string | undefined {
  if (rubric.criteria.length === 0) return 'A rubric needs at least one criterion.';
  const ids = rubric.criteria.map((c) => c.id);
  if (new Set(ids).size !== ids.length) return 'Two criteria have the same id.';
  for (const c of rubric.criteria) {
    if (!c.label.trim()) return 'Every criterion needs a label.';
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(c.id)) return `The id of ${c.label} must be lower-case letters, digits, - or _.`;
    if (!Number.isFinite(c.min) || !Number.isFinite(c.max) || c.min >= c.max)
      return `The lowest score of ${c.label} must be below its highest.`;
  }
  return undefined;
}

/**
 * A rubric per program, and the default for programs without one: criteria
 * (id, label, lowest and highest score) and how the overall score is made.
 */
export function RubricsEditor({ saved }: { saved: RubricsResponse }) {
  const { programs, programLabel } = usePrograms();
  const id = useId();
  const queryClient = useQueryClient();
  const [rubrics, setRubrics] = useState<RubricsResponse>(saved);
  const [program, setProgram] = useState(DEFAULT);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const rubric = rubrics[program];
  const name = program === DEFAULT ? 'the default rubric' : `the rubric of ${programLabel(program)}`;

  const change = (next: Rubric | undefined) => {
    const copy = { ...rubrics };
    if (next) copy[program] = next;
    else delete copy[program];
    setRubrics(copy);
  };
  const changeCriterion = (index: number, patch: Partial<RubricCriterion>) =>
    rubric && change({ ...rubric, criteria: rubric.criteria.map((c, i) => (i === index ? { ...c, ...patch } : c)) });

  const save = async () => {
    setError(undefined);
    for (const [key, r] of Object.entries(rubrics)) {
      const found = rubricProblem(r);
      if (found) {
        setProblem(`${key === DEFAULT ? 'Default rubric' : programLabel(key)}: ${found}`);
        return;
      }
    }
    setProblem('');
    setBusy(true);
    try {
      await saveRubrics(rubrics);
      setSaid('The rubrics were saved.');
      await queryClient.invalidateQueries({ queryKey: RUBRICS_KEY });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.section}>
      <h2 id={`${id}-title`} className={styles.title}>
        Rubrics
      </h2>
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
        <>
          <ol className={styles.criteria}>
            {rubric.criteria.map((c, i) => (
              <li key={i}>
                <fieldset className={styles.criterion}>
                  <legend>Criterion {i + 1}</legend>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-${i}-label`}>Label</label>
                    <input
                      id={`${id}-${i}-label`}
                      value={c.label}
                      maxLength={120}
                      onChange={(e) => changeCriterion(i, { label: e.target.value })}
                      onBlur={() =>
                        !c.id &&
                        changeCriterion(i, {
                          id: stageIdOf(
                            c.label,
                            rubric.criteria.map((x) => x.id),
                          ),
                        })
                      }
                    />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-${i}-id`}>Id (in reviews and the CSV)</label>
                    <input
                      id={`${id}-${i}-id`}
                      value={c.id}
                      maxLength={40}
                      onChange={(e) => changeCriterion(i, { id: e.target.value })}
                    />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-${i}-min`}>Lowest score</label>
                    <input
                      id={`${id}-${i}-min`}
                      type="number"
                      value={c.min}
                      onChange={(e) => changeCriterion(i, { min: Number(e.target.value) })}
                    />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-${i}-max`}>Highest score</label>
                    <input
                      id={`${id}-${i}-max`}
                      type="number"
                      value={c.max}
                      onChange={(e) => changeCriterion(i, { max: Number(e.target.value) })}
                    />
                  </div>
                  <Button
                    variant="secondary"
                    aria-label={`Remove criterion ${i + 1}${c.label ? `, ${c.label}` : ''}`}
                    disabled={rubric.criteria.length === 1}
                    onClick={() => {
                      change({ ...rubric, criteria: rubric.criteria.filter((_, j) => j !== i) });
                      setSaid(`Criterion ${i + 1} removed.`);
                      requestAnimationFrame(() => document.getElementById(`${id}-add`)?.focus());
                    }}
                  >
                    Remove
                  </Button>
                </fieldset>
              </li>
            ))}
          </ol>
          <div className={styles.row}>
            <Button
              id={`${id}-add`}
              variant="secondary"
              onClick={() => {
                change({ ...rubric, criteria: [...rubric.criteria, { id: '', label: '', min: 1, max: 5 }] });
                requestAnimationFrame(() => document.getElementById(`${id}-${rubric.criteria.length}-label`)?.focus());
              }}
            >
              Add criterion
            </Button>
            {program !== DEFAULT && (
              <Button variant="secondary" onClick={() => change(undefined)}>
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
                  onChange={() => change({ ...rubric, overall: o.value })}
                />
                <span>{o.label}</span>
              </label>
            ))}
          </fieldset>
        </>
      )}
      {problem && <p className={styles.error}>{problem}</p>}
      <CallError error={error} />
      <div>
        <Button onClick={() => void save()} loading={busy}>
          Save rubrics
        </Button>
      </div>
      <p role="status" className={styles.status}>
        {said}
      </p>
    </section>
  );
}
