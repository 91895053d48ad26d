import { useEffect, useRef, type ReactNode } from 'react';
import styles from './sign-in.module.css';

/**
 * A step's heading, which takes the focus when the step appears after an action (the button that led here is
 * gone), so a screen reader reads on from the new step.
 */
export function StepHeading({ children, id, focus = true }: { children: ReactNode; id?: string; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className={styles.heading}>
      {children}
    </h2>
  );
}
