import { useEffect, useState } from 'react';
import styles from './character-count.module.css';

/** After typing pauses this long, the remaining count is announced (as GOV.UK's character count does). */
export const COUNT_ANNOUNCE_DELAY_MS = 1000;

/** Near the limit: the last tenth, and never fewer than the last 20 characters. */
export function nearLimitFrom(maxLength: number): number {
  return Math.max(20, Math.ceil(maxLength / 10));
}

export const counterIdOf = (key: string) => `${key}-counter`;

const countWords = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/**
 * The visible count is part of the field's description, so it is read when
 * the field is focused. Screen readers are told the remaining count only near
 * the limit, and only once typing pauses, so typing is never talked over.
 */
export function CharacterCount({
  fieldKey,
  value,
  maxLength,
  wordGuide,
}: {
  fieldKey: string;
  value: string;
  maxLength: number;
  wordGuide?: number | undefined;
}) {
  const remaining = maxLength - value.length;
  const near = remaining <= nearLimitFrom(maxLength);
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    if (!near) {
      setAnnounced('');
      return;
    }
    const timer = setTimeout(
      () => setAnnounced(remaining === 1 ? '1 character remaining' : `${remaining} characters remaining`),
      COUNT_ANNOUNCE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [near, remaining]);

  return (
    <>
      <p id={counterIdOf(fieldKey)} className={styles.count} data-near-limit={near || undefined}>
        {value.length} of {maxLength} characters used
        {wordGuide !== undefined && ` (${countWords(value)} words; about ${wordGuide} asked for)`}
      </p>
      <div className="visually-hidden" aria-live="polite" data-testid={`${fieldKey}-count-announcement`}>
        {announced}
      </div>
    </>
  );
}
