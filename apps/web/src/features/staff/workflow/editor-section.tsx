import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CallError } from '../components/error-text';
import { saidIdOf, type EditorSave } from './use-editor-save';
import styles from './workflow.module.css';

interface EditorSectionProps {
  /** The editor's useId(): its title is `${id}-title`. */
  id: string;
  title: string;
  editor: EditorSave;
  saveLabel: string;
  onSave: () => void;
  children: ReactNode;
}

/**
 * A workflow editor's frame: its titled section, then what the browser or the server found wrong, the one Save,
 * and the live region that says what changed (moved, removed, saved; focused once saved, use-editor-save.ts).
 */
export function EditorSection({ id, title, editor, saveLabel, onSave, children }: EditorSectionProps) {
  return (
    <section aria-labelledby={`${id}-title`} className={styles.section}>
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      {children}
      {editor.problem && <p className={styles.error}>{editor.problem}</p>}
      <CallError error={editor.error} />
      <div>
        <Button onClick={onSave} loading={editor.busy}>
          {saveLabel}
        </Button>
      </div>
      <p id={saidIdOf(id)} role="status" tabIndex={-1} className={styles.status}>
        {editor.said}
      </p>
    </section>
  );
}

/** A labelled input in a workflow form (a criterion's fields, the new stage's name). */
export function LabelledInput({ id, label, ...input }: { id: string; label: string } & ComponentProps<'input'>) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}
