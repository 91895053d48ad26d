import type { ReactNode } from 'react';
import styles from './review.module.css';

/** A number typed into the review (a criterion's score, the overall), with its problem said under it. */
export function ScoreField({
  id,
  label,
  value,
  problem,
  onChange,
  range,
}: {
  id: string;
  label: ReactNode;
  value: string;
  problem: string | undefined;
  onChange: (text: string) => void;
  /** A criterion's range: said in the label and given to the field. */
  range?: { min: number; max: number };
}) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {range && (
          <>
            {' '}
            <span className={styles.hint}>
              (from {range.min} to {range.max})
            </span>
          </>
        )}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={range?.min}
        max={range?.max}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem && (
        <p id={errorId} className={styles.error}>
          {problem}
        </p>
      )}
    </div>
  );
}
