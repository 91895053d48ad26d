import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectOptions } from '../../../components/ui/select-options';
import { moveStage } from '../api/work-api';
import { useStages } from '../api/workflow-api';
import { CallError } from '../components/error-text';
import { useResultFocus } from '../components/use-result-focus';
import styles from './review.module.css';

/** Moves one application to another stage (reviewers, deciders, administrators). */
export function StageControl({ userId, stage }: { userId: string; stage: string | null | undefined }) {
  const id = useId();
  const stages = useStages();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(stage ?? '');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  // The Move button is disabled once the stage is the one chosen: focus goes to what the move did, or why not.
  const result = useResultFocus<HTMLDivElement>();
  // Another stage (this move, or a colleague's seen on a refetch) is the one chosen afresh.
  const [shown, setShown] = useState(stage);
  if (stage !== shown) {
    setShown(stage);
    setChosen(stage ?? '');
  }
  const list = stages.data?.stages ?? [];
  const current = list.find((s) => s.id === stage)?.label ?? stage;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setError(undefined);
    setBusy(true);
    try {
      await moveStage(userId, chosen);
      setSaid(`Moved to ${list.find((s) => s.id === chosen)?.label ?? chosen}.`);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'application', userId] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'applications'] });
    } catch (err) {
      setSaid('');
      setError(err);
    } finally {
      result.focusResult();
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        Stage
      </h2>
      <p>Now: {current || 'no stage yet (not submitted)'}</p>
      <form className={styles.inline} onSubmit={(e) => void submit(e)}>
        <div className={styles.field}>
          <label htmlFor={`${id}-stage`}>Move to stage</label>
          <select id={`${id}-stage`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <SelectOptions none="Choose a stage" options={list.map((s) => ({ value: s.id, label: s.label }))} />
          </select>
        </div>
        <Button type="submit" variant="secondary" loading={busy} disabled={!chosen || chosen === stage}>
          Move
        </Button>
      </form>
      <div ref={result.ref} tabIndex={-1}>
        <CallError error={error} />
        <p role="status" className={styles.status}>
          {said}
        </p>
      </div>
    </section>
  );
}
