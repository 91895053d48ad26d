import type { MessageCounts, MessageState } from '@admissions/domain';
import styles from '../messages.module.css';

/**
 * A message's recipients as it goes (issue 46): a bar of those done (sent, failed or left out) of all, and the
 * counts in words beside it. The list is asked again while it is sending, so the bar moves.
 */
export function MessageProgress({ name, counts, state }: { name: string; counts: MessageCounts; state: MessageState }) {
  const done = counts.sent + counts.failed + counts.suppressed;
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    <div className={styles.progress}>
      {state === 'sending' && (
        <progress
          value={done}
          max={Math.max(counts.recipients, 1)}
          aria-label={`Progress of “${name}”`}
          aria-valuetext={`${n(done)} of ${n(counts.recipients)} done`}
        />
      )}
      <p>
        {n(counts.sent)} sent, {n(counts.failed)} failed, {n(counts.suppressed)} left out (bounced, withdrawn or
        unsubscribed){counts.queued > 0 ? `, ${n(counts.queued)} waiting` : ''}, of {n(counts.recipients)} recipient
        {counts.recipients === 1 ? '' : 's'}.
      </p>
    </div>
  );
}
