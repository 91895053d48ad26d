import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { neighboursOf, reviewPath, useReviewOrigin } from './neighbours';
import styles from './review.module.css';

const NEXT_KEY = 'PageDown';
const PREVIOUS_KEY = 'PageUp';

/**
 * Previous and next application of the list or queue it was opened from:
 * buttons, and Alt+Page Down / Alt+Page Up, which no screen reader's browse
 * mode or browser uses (single letters and arrows belong to screen readers).
 */
export function Neighbours({ userId }: { userId: string }) {
  const origin = useReviewOrigin();
  const navigate = useNavigate();
  const { position, previous, next } = neighboursOf(origin, userId);
  const go = (to: string | undefined) => {
    if (to) void navigate(reviewPath(to), { state: { reviewOrigin: origin } });
  };
  const goRef = useRef(go);
  goRef.current = go;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === NEXT_KEY && next) {
        event.preventDefault();
        goRef.current(next);
      } else if (event.key === PREVIOUS_KEY && previous) {
        event.preventDefault();
        goRef.current(previous);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [next, previous]);
  const where = origin?.kind === 'queue' ? 'your queue' : 'the list';
  return (
    <nav aria-label="Applications in order" className={styles.neighbours}>
      <Link to={origin?.back ?? '/staff'}>Back to {origin ? where : 'the applications'}</Link>
      {origin && position >= 0 && (
        <>
          <button type="button" className={styles.stepButton} disabled={!previous} onClick={() => go(previous)}>
            Previous application
          </button>
          <span>
            {position + 1} of {origin.ids.length} in {where}
          </span>
          <button type="button" className={styles.stepButton} disabled={!next} onClick={() => go(next)}>
            Next application
          </button>
          <p className={styles.hint} id="shortcut-help">
            Keyboard: Alt+Page Down for the next application, Alt+Page Up for the previous one.
          </p>
        </>
      )}
    </nav>
  );
}
