import type { ReceivedMessage } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/**
 * The messages to groups an application was sent (issue 46, decision 066), newest first: each with the subject
 * and body as rendered for it and the time it was handed to the relay. Only sent rows: a recipient still queued
 * (or left queued by a stop), suppressed or refused by the relay was sent nothing.
 */
export async function receivedMessages(db: Queryable, userId: string): Promise<ReceivedMessage[]> {
  const { rows } = await db.query<{ id: string; subject: string; body: string; sent_at: Date; category: string }>(
    `SELECT m.id, r.subject, r.body, r.sent_at, m.category
     FROM staff_message_recipients r JOIN staff_messages m ON m.id = r.message_id
     WHERE r.user_id = $1 AND r.state = 'sent'
     ORDER BY r.sent_at DESC, m.id`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    body: r.body,
    sent_at: new Date(r.sent_at).toISOString(),
    category: r.category as ReceivedMessage['category'],
  }));
}

/** The messages for "Download my data" (answers.json `messages`): what was sent, as sent, and when. */
export async function messagesForMyData(deps: { db: Queryable }, userId: string) {
  return (await receivedMessages(deps.db, userId)).map(({ subject, body, sent_at, category }) => ({
    subject,
    body,
    sent_at,
    category,
  }));
}
