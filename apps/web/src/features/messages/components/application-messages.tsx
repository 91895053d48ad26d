import { formatInZone } from '@admissions/domain';
import { ServerError } from '../../../lib/api-errors';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useApplicationMessages } from '../api/received-messages-api';
import { MessageError } from './message-error';
import { MessageText } from './message-text';
import styles from '../messages.module.css';

/**
 * "Messages sent" on an application's page in the console (issue 46): each message the office sent to this
 * application, its subject and time, its text shown on demand. A member whose rights do not reach them sees nothing.
 */
export function ApplicationMessages({ userId, headingClassName }: { userId: string; headingClassName?: string }) {
  const messages = useApplicationMessages(userId);
  const { time_zone } = useTenantConfig();
  if (messages.error instanceof ServerError && messages.error.status === 403) return null;
  const list = messages.data?.messages ?? [];
  return (
    <section aria-labelledby="application-messages-title">
      <h2 id="application-messages-title" className={headingClassName ?? styles.heading}>
        Messages sent
      </h2>
      {messages.isError ? (
        <MessageError error={messages.error} />
      ) : !messages.data ? (
        <p>Loading the messages…</p>
      ) : list.length === 0 ? (
        <p>No message has been sent to this applicant.</p>
      ) : (
        <ul className={styles.received}>
          {list.map((m) => (
            <li key={m.id}>
              {/* A disclosure: its summary is a button to keyboard and screen readers alike. */}
              <details className={styles.sentMessage}>
                <summary>
                  <span className={styles.summarySubject}>{m.subject}</span> · {formatInZone(m.sent_at, time_zone)}
                  {m.category === 'news' ? ' · news' : ''}
                </summary>
                <MessageText text={m.body} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
