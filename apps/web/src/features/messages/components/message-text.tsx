import type { ReactNode } from 'react';
import styles from '../messages.module.css';

const LINK = /\bhttps?:\/\/[^\s<>"]+/g;
/** What ends a sentence after a link is not part of it ("see https://x.edu/apply."). */
const TRAILING = /[.,;:!?)\]'"]+$/;

/** Plain text with its links made clickable. */
function linked(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <a key={start} href={url}>
        {url}
      </a>,
    );
    at = start + url.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** A message's body as written: plain text, its line breaks kept and its links clickable. */
export function MessageText({ text }: { text: string }) {
  return <div className={styles.text}>{linked(text)}</div>;
}
