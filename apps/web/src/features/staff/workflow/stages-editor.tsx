import type { Stage } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { saveStages, STAGES_KEY } from '../api/workflow-api';
import { CallError } from '../components/error-text';
import styles from './workflow.module.css';

/** A new stage's id from its label: 'Committee review' → 'committee-review' (kept when the label changes later). */
export function stageIdOf(label: string, taken: readonly string[]): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'stage';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * The ordered stages: rename in place, move up and down by button (so by
 * keyboard), remove, add; saved together. Focus stays on the button that
 * moved its stage, and the live region says where it went.
 */
export function StagesEditor({ saved }: { saved: Stage[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [stages, setStages] = useState(saved);
  const [label, setLabel] = useState('');
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const focusLater = (elementId: string) => requestAnimationFrame(() => document.getElementById(elementId)?.focus());

  const move = (from: number, to: number) => {
    const next = [...stages];
    const [stage] = next.splice(from, 1);
    next.splice(to, 0, stage!);
    setStages(next);
    setSaid(`${stage!.label} moved to position ${to + 1} of ${next.length}. Save the stages to keep it.`);
    const direction = to < from ? 'up' : 'down';
    const edge = direction === 'up' ? to === 0 : to === next.length - 1;
    // At the top or bottom that button is disabled: the other one keeps the focus.
    focusLater(`${id}-${stage!.id}-${edge ? (direction === 'up' ? 'down' : 'up') : direction}`);
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (label.trim() === '') {
      setProblem('Enter the new stage’s name.');
      return;
    }
    setProblem('');
    const stage = {
      id: stageIdOf(
        label.trim(),
        stages.map((s) => s.id),
      ),
      label: label.trim(),
    };
    setStages([...stages, stage]);
    setLabel('');
    setSaid(`${stage.label} added at the end. Save the stages to keep it.`);
  };
  const save = async () => {
    setError(undefined);
    if (stages.some((s) => s.label.trim() === '')) {
      setProblem('Every stage needs a name.');
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      await saveStages(stages.map((s) => ({ id: s.id, label: s.label.trim() })));
      setSaid('The stages were saved.');
      await queryClient.invalidateQueries({ queryKey: STAGES_KEY });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.section}>
      <h2 id={`${id}-title`} className={styles.title}>
        Stages
      </h2>
      <p>A submitted application enters the first stage. The order here is the order in the list’s filter.</p>
      <ol className={styles.stages}>
        {stages.map((stage, i) => (
          <li key={stage.id} className={styles.stage}>
            <label htmlFor={`${id}-${stage.id}-label`} className="visually-hidden">
              Name of stage {i + 1}
            </label>
            <input
              id={`${id}-${stage.id}-label`}
              value={stage.label}
              maxLength={80}
              onChange={(e) => setStages(stages.map((s) => (s.id === stage.id ? { ...s, label: e.target.value } : s)))}
            />
            <Button
              id={`${id}-${stage.id}-up`}
              variant="secondary"
              aria-label={`Move ${stage.label} up`}
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
            >
              Up
            </Button>
            <Button
              id={`${id}-${stage.id}-down`}
              variant="secondary"
              aria-label={`Move ${stage.label} down`}
              disabled={i === stages.length - 1}
              onClick={() => move(i, i + 1)}
            >
              Down
            </Button>
            <Button
              variant="secondary"
              aria-label={`Remove ${stage.label}`}
              disabled={stages.length === 1}
              onClick={() => {
                setStages(stages.filter((s) => s.id !== stage.id));
                setSaid(`${stage.label} removed. Save the stages to keep it so.`);
                focusLater(`${id}-new`);
              }}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <form className={styles.row} onSubmit={add} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-new`}>New stage</label>
          <input id={`${id}-new`} value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          Add stage
        </Button>
      </form>
      {problem && <p className={styles.error}>{problem}</p>}
      <CallError error={error} />
      <div>
        <Button onClick={() => void save()} loading={busy}>
          Save stages
        </Button>
      </div>
      <p role="status" className={styles.status}>
        {said}
      </p>
    </section>
  );
}
