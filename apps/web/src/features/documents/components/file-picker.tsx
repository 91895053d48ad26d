import { useState, type Ref } from 'react';
import buttonStyles from '../../../components/ui/button.module.css';
import styles from './file-picker.module.css';

interface FilePickerProps {
  fieldKey: string;
  accept: readonly string[];
  invalid: boolean;
  describedBy: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  onChoose: (file: File | undefined) => void;
}

/**
 * The file question's control: a real file input (labelled by the question and
 * by the button's text, reached with Tab, opened with Space or Enter, announced
 * as a file upload), drawn as the design system's secondary button with the
 * chosen file's name beside it. The button is a second label of the input, so a
 * click on it opens the browser's picker. A file dropped on the area is taken
 * as if chosen.
 */
export function FilePicker({ fieldKey, accept, invalid, describedBy, inputRef, onChoose }: FilePickerProps) {
  const [chosenName, setChosenName] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const choose = (file: File | undefined) => {
    setChosenName(file?.name);
    onChoose(file);
  };
  return (
    <div
      className={styles.zone}
      data-drop-zone=""
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        choose(event.dataTransfer.files[0]);
      }}
    >
      <input
        ref={inputRef}
        id={fieldKey}
        name={fieldKey}
        type="file"
        className={`visually-hidden ${styles.input}`}
        accept={accept.map((ext) => `.${ext}`).join(',')}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Read, then forget: a refused file cannot be sent by mistake, and the same file can be chosen again.
          event.target.value = '';
          choose(file);
        }}
      />
      <label htmlFor={fieldKey} className={`${buttonStyles.button} ${styles.button}`} data-variant="secondary">
        Choose a file
      </label>
      <span className={styles.chosen}>
        <span className={chosenName ? styles.name : undefined}>{chosenName ?? 'No file chosen'}</span>
        <span className={styles.hint}>or drop it here</span>
      </span>
    </div>
  );
}
