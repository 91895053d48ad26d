import {
  formatInZone,
  type ApplicationMessagesResponse,
  type AutomaticMail,
  type ReceivedMessage,
} from '@admissions/domain';
import { ServerError } from '../../../lib/api-errors';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useApplicationMessages } from '../api/received-messages-api';
import { MessageError } from './message-error';
import { MessageText } from './message-text';
import styles from '../messages.module.css';

/** One entry of the list: a message to a group (with its text), or an automatic e-mail (its subject only). */
type SentEntry =
  { kind: 'message'; at: string; message: ReceivedMessage } | { kind: 'automatic'; at: string; mail: AutomaticMail };

/** The messages and the automatic e-mails in one list, newest first (a message before a mail of the same time). */
function entriesOf(data: ApplicationMessagesResponse): SentEntry[] {
  const entries: SentEntry[] = [
    ...data.messages.map((message) => ({ kind: 'message' as const, at: message.sent_at, message })),
    ...(data.automatic ?? []).map((mail) => ({ kind: 'automatic' as const, at: mail.sent_at, mail })),
  ];
  return entries
    .map((entry, index) => ({ entry, index, time: Date.parse(entry.at) }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map(({ entry }) => entry);
}

/**
 * "Messages sent" on an application's page in the console (issue 46): each message the office sent to this
 * application, its subject and time, its text shown on demand; and in the same list, by time, the automatic e-mails
 * sent to its address (the server leaves out those with a code or a secret link), marked "automatic", their subject
 * and time only (the log keeps no text). A member whose rights do not reach them sees nothing.
 */
export function ApplicationMessages({ userId, headingClassName }: { userId: string; headingClassName?: string }) {
  const messages = useApplicationMessages(userId);
  const { time_zone } = useTenantConfig();
  if (messages.error instanceof ServerError && messages.error.status === 403) return null;
  const list = messages.data ? entriesOf(messages.data) : [];
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
          {list.map((entry, i) =>
            entry.kind === 'message' ? (
              <li key={`message-${entry.message.id}`}>
                {/* A disclosure: its summary is a button to keyboard and screen readers alike. */}
                <details className={styles.sentMessage}>
                  <summary>
                    <span className={styles.summarySubject}>{entry.message.subject}</span> ·{' '}
                    {formatInZone(entry.at, time_zone)}
                    {entry.message.category === 'news' ? ' · news' : ''}
                  </summary>
                  <MessageText text={entry.message.body} />
                </details>
              </li>
            ) : (
              <li key={`automatic-${i}`} className={styles.automaticMail}>
                <span className={styles.summarySubject}>{entry.mail.subject}</span> ·{' '}
                {formatInZone(entry.at, time_zone)} · automatic
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
