import { formatInZone } from '@admissions/domain';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useReceivedMessages } from '../api/received-messages-api';
import { MessageText } from './message-text';
import styles from '../messages.module.css';

/**
 * The applicant's "Messages" on the status page (issue 46): what the admissions office wrote to them, newest as the
 * server orders them, each with its subject, the time it was sent (in the institution's zone, named) and its text.
 * Nothing at all while there is none, or when they cannot be read.
 */
export function ReceivedMessages() {
  const messages = useReceivedMessages();
  const { time_zone } = useTenantConfig();
  const list = messages.data?.messages ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="received-messages-title">
      <h2 id="received-messages-title" className={styles.heading}>
        Messages
      </h2>
      <p>What the admissions office wrote to you. Each was also sent to you by e-mail.</p>
      <ul className={styles.received}>
        {list.map((m) => (
          <li key={m.id}>
            <article className={styles.message} aria-labelledby={`received-${m.id}`}>
              <h3 id={`received-${m.id}`} className={styles.subheading}>
                {m.subject}
              </h3>
              <p className={styles.muted}>Sent {formatInZone(m.sent_at, time_zone)}</p>
              <MessageText text={m.body} />
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Whether the applicant's messages have been asked for (answered or refused), so the page can wait for them (CLS). */
export function useReceivedMessagesKnown(): boolean {
  const messages = useReceivedMessages();
  return messages.data !== undefined || messages.isError;
}
