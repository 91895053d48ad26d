import type { Stage } from '@admissions/domain';
import { Button } from '../../../components/ui/button';
import styles from './workflow.module.css';

interface StageRowProps {
  /** The editor's useId(): the row's controls are `${idPrefix}-${stage.id}-label`, `-up` and `-down`. */
  idPrefix: string;
  stage: Stage;
  /** Its place, from 0, among `count` stages. */
  index: number;
  count: number;
  onRename: (label: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One stage: its name in place, moved up and down by button (so by keyboard), removed while others remain. */
export function StageRow({ idPrefix, stage, index, count, onRename, onMove, onRemove }: StageRowProps) {
  const rowId = `${idPrefix}-${stage.id}`;
  return (
    <li className={styles.stage}>
      <label htmlFor={`${rowId}-label`} className="visually-hidden">
        Name of stage {index + 1}
      </label>
      <input id={`${rowId}-label`} value={stage.label} maxLength={80} onChange={(e) => onRename(e.target.value)} />
      <Button
        id={`${rowId}-up`}
        variant="secondary"
        aria-label={`Move ${stage.label} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        Up
      </Button>
      <Button
        id={`${rowId}-down`}
        variant="secondary"
        aria-label={`Move ${stage.label} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        Down
      </Button>
      <Button variant="secondary" aria-label={`Remove ${stage.label}`} disabled={count === 1} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}
