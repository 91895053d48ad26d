import type { Stage } from '@admissions/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { saveStages, STAGES_KEY } from '../api/workflow-api';
import { EditorSection, LabelledInput } from './editor-section';
import { StageRow } from './stage-row';
import { focusLater, useEditorSave } from './use-editor-save';
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
 * moved its stage, and the live region says where it went. Saved, the editor
 * keeps the server's copy and its confirmation, focused, until the next change.
 */
export function StagesEditor({ saved }: { saved: Stage[] }) {
  const id = useId();
  const editor = useEditorSave(id);
  const list = useStageList(saved, id, editor.setSaid, editor.changed);
  const [label, setLabel] = useState('');

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (label.trim() === '') {
      editor.setProblem('Enter the new stage’s name.');
      return;
    }
    editor.setProblem('');
    list.add(label.trim());
    setLabel('');
  };
  const save = () =>
    editor.save({
      problem: list.stages.some((s) => s.label.trim() === '') ? 'Every stage needs a name.' : undefined,
      call: async () =>
        list.reset((await saveStages(list.stages.map((s) => ({ id: s.id, label: s.label.trim() })))).stages),
      saved: 'The stages were saved.',
      queryKey: STAGES_KEY,
    });

  return (
    <EditorSection id={id} title="Stages" editor={editor} saveLabel="Save stages" onSave={() => void save()}>
      <p>A submitted application enters the first stage. The order here is the order in the list’s filter.</p>
      <ol className={styles.stages}>
        {list.stages.map((stage, i) => (
          <StageRow
            key={stage.id}
            idPrefix={id}
            stage={stage}
            index={i}
            count={list.stages.length}
            onRename={(next) => list.rename(stage, next)}
            onMove={(to) => list.move(i, to)}
            onRemove={() => list.remove(stage)}
          />
        ))}
      </ol>
      <form className={styles.row} onSubmit={add} noValidate>
        <LabelledInput
          id={`${id}-new`}
          label="New stage"
          value={label}
          maxLength={80}
          onChange={(e) => setLabel(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Add stage
        </Button>
      </form>
    </EditorSection>
  );
}

/**
 * The stages being edited, and what each change says in the live region. Focus follows a moved stage's button
 * (StageRow's ids under `id`) and goes to the new stage's name once one is removed.
 */
function useStageList(saved: Stage[], id: string, say: (message: string) => void, changed: () => void) {
  const [stages, setStages] = useState(saved);
  const rename = (stage: Stage, label: string) => {
    setStages(stages.map((s) => (s.id === stage.id ? { ...s, label } : s)));
    changed();
  };
  const move = (from: number, to: number) => {
    const next = [...stages];
    const [stage] = next.splice(from, 1);
    next.splice(to, 0, stage!);
    setStages(next);
    say(`${stage!.label} moved to position ${to + 1} of ${next.length}. Save the stages to keep it.`);
    const direction = to < from ? 'up' : 'down';
    const edge = direction === 'up' ? to === 0 : to === next.length - 1;
    // At the top or bottom that button is disabled: the other one keeps the focus.
    focusLater(`${id}-${stage!.id}-${edge ? (direction === 'up' ? 'down' : 'up') : direction}`);
  };
  const remove = (stage: Stage) => {
    setStages(stages.filter((s) => s.id !== stage.id));
    say(`${stage.label} removed. Save the stages to keep it so.`);
    focusLater(`${id}-new`);
  };
  const add = (label: string) => {
    const stage = {
      id: stageIdOf(
        label,
        stages.map((s) => s.id),
      ),
      label,
    };
    setStages([...stages, stage]);
    say(`${stage.label} added at the end. Save the stages to keep it.`);
  };
  return { stages, rename, move, remove, add, reset: setStages };
}
