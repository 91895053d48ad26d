import { MESSAGE_PLACEHOLDERS, type MessageCategory } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { MailComposers, MailRefusalHandlers } from '../mail';
import { renderMessage, type PlaceholderValues } from './render-message';
import type { Queryable } from '../../infra/db/db';
import { newsUnsubscribeHeaders, newsUnsubscribePageUrl } from './news-unsubscribe-token';

/** The mail job of one recipient of a message to a group: ids only (decision 066). */
export const STAFF_MESSAGE_KIND = 'staff-message';

export interface StaffMessageJob {
  kind: typeof STAFF_MESSAGE_KIND;
  messageId: string;
  userId: string;
  onceKey: string;
}

/**
 * The job's once-key (decision 049): marked as being sent before the relay is asked and as sent at its 250, so a
 * retry of a mail the relay took is skipped, and one in doubt after a crash goes as the same Message-ID.
 */
export const staffMessageOnceKey = (messageId: string, userId: string) => `staff-message:${messageId}:${userId}`;

/** Each placeholder standing for itself: the stored text, already filled, is put in the mail as it is. */
const AS_STORED = Object.fromEntries(MESSAGE_PLACEHOLDERS.map((p) => [p, `{{${p}}}`])) as PlaceholderValues;

type Row = { email: string; subject: string; body: string; category: MessageCategory; account_id: string };

/**
 * The composer of a recipient's mail (sending.ts, step 3). The statement that marks its row `sent` marks it only
 * while the row is queued with its text and the message is `sending`, and reads what to send: so a stopped message
 * sends nothing (null) and keeps its rows queued. A row already `sent` is this job's own, marked by an attempt that
 * did not finish (a process killed, an answer lost, a relay's "later"): the same text goes again, as the same
 * Message-ID (its once-key), unless the key says the relay has it, and then the worker skips it before composing;
 * once the message is stopped it goes no more. News carries the one-click unsubscribe (RFC 8058) of the account,
 * and a last line with the link to the web page that stops news (for a person); transactional mail neither.
 *
 * The mail worker composes a batch's mails side by side (mail-worker.ts): the rows of the composers that start in
 * the same turn of the event loop are marked by one statement (rowMarker), started as the worker marks the batch's
 * once-keys (MailComposer.start) so that the two round trips run side by side, and each mark is followed by a
 * check of its message's end that starts after it (finishAfterMark), shared by the marks waiting at once, which
 * the mail does not wait for. Each row is still marked and read in one statement before its relay is asked, and
 * the last mark is still followed by a check that sees it: the same steps, with one round trip before a batch's
 * first mail as a plain mail with a once-key has, so a message's mails leave about as fast as any other mail
 * (issue 46's benchmark, docs/performance/messages.md).
 */
export function staffMessageComposers(deps: AppDeps): MailComposers {
  const markRow = rowMarker(deps);
  const finishAfterMark = finisher(deps);
  const started = new Map<string, Promise<Row | undefined>>();
  const compose = async (job: StaffMessageJob) => {
    const key = `${job.messageId}:${job.userId}`;
    const early = started.get(key);
    started.delete(key);
    let row: Row | undefined = await (early ?? markRow(job));
    // The end check follows the mark (so the last mark is seen by a check) but the mail does not wait for it:
    // it is a read unless the message is done, and should it fail, the messages job's pass finishes the message.
    if (row) void finishAfterMark(job.messageId).catch(() => undefined);
    else {
      const again = await deps.db.query<Row & { message_state: string }>(
        `SELECT r.email, r.subject, r.body, m.category, coalesce(u.application_of, u.id) AS account_id,
             m.state AS message_state
           FROM staff_message_recipients r JOIN staff_messages m ON m.id = r.message_id JOIN users u ON u.id = r.user_id
           WHERE r.message_id = $1 AND r.user_id = $2 AND r.state = 'sent'`,
        [job.messageId, job.userId],
      );
      row = again.rows[0];
      // A retry after the message was stopped (the relay said "later", 4xx): the stop holds, and the row is
      // queued again, sent nothing. (Had the attempt been cut off after the relay took it, the count is one short.)
      if (row && again.rows[0]!.message_state === 'stopped') {
        await deps.db.query(
          `UPDATE staff_message_recipients SET state = 'queued', sent_at = NULL
             WHERE message_id = $1 AND user_id = $2 AND state = 'sent'`,
          [job.messageId, job.userId],
        );
        return null;
      }
    }
    if (!row) return null;
    const news = row.category === 'news';
    const mail = renderMessage(
      deps,
      { subject: row.subject, body: row.body },
      AS_STORED,
      news ? newsUnsubscribePageUrl(deps.config, deps.secretKey, row.account_id) : undefined,
    );
    return {
      to: row.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      kind: STAFF_MESSAGE_KIND,
      ...(news ? { headers: newsUnsubscribeHeaders(deps.config, deps.secretKey, row.account_id) } : {}),
    };
  };
  // The batch's rows are marked while the worker marks its once-keys (MailComposer.start): a job the worker then
  // skips (the relay has its mail) has its row `sent` already, so the mark finds nothing of it to change. A mark
  // no composer takes up (the batch failed on its once-keys) is dropped; its job's retry finds its row `sent` and
  // sends it as above. The map only ever holds the batches in flight, unless batches fail; then it is emptied.
  compose.start = (jobs: StaffMessageJob[]) => {
    if (started.size > STARTED_LIMIT) started.clear();
    for (const job of jobs) {
      const mark = markRow(job);
      mark.catch(() => undefined); // the composer that takes it up sees the error
      started.set(`${job.messageId}:${job.userId}`, mark);
    }
  };
  return { [STAFF_MESSAGE_KIND]: compose };
}

/** Early marks kept for their composers at most: far above the mail worker's jobs in flight (60 a process). */
const STARTED_LIMIT = 10_000;

/**
 * Marks recipient rows `sent` and reads their mails, for the composers that ask in the same turn of the event loop,
 * in one statement: each row only while it is queued with its text and its message `sending` (as one composer's
 * statement would), each answered with its row (undefined: not marked). A job asked for twice at once is marked
 * for the first only, as two statements one after the other would. Each row is found by its key (the primary key,
 * or the index by user): `r.state || ''` keeps the partial index of queued rows out of the plan, which the planner
 * otherwise picks once its statistics say the message has few queued rows (taken before the send fixed them), and
 * which then walks every queued entry of the message, dead ones included, for each row of the batch (36,000
 * entries and 10,000 pages a mark of 20 in the benchmark's plans, docs/performance/messages.md).
 */
function rowMarker(deps: Pick<AppDeps, 'db' | 'clock'>) {
  type Ask = { job: StaffMessageJob; resolve: (row: Row | undefined) => void; reject: (err: unknown) => void };
  let asks: Ask[] = [];
  const mark = async (batch: Ask[]) => {
    try {
      const { rows } = await deps.db.query<Row & { message_id: string; user_id: string }>(
        `UPDATE staff_message_recipients r SET state = 'sent', sent_at = $3
         FROM unnest($1::uuid[], $2::uuid[]) AS v (message_id, user_id), staff_messages m, users u
         WHERE r.message_id = v.message_id AND r.user_id = v.user_id AND r.state || '' = 'queued' AND r.subject IS NOT NULL
           AND m.id = r.message_id AND m.state = 'sending' AND u.id = r.user_id
         RETURNING r.message_id, r.user_id, r.email, r.subject, r.body, m.category,
           coalesce(u.application_of, u.id) AS account_id`,
        [batch.map((a) => a.job.messageId), batch.map((a) => a.job.userId), deps.clock.now()],
      );
      const marked = new Map(rows.map(({ message_id, user_id, ...row }) => [`${message_id}:${user_id}`, row]));
      for (const ask of batch) {
        const key = `${ask.job.messageId}:${ask.job.userId}`;
        ask.resolve(marked.get(key));
        marked.delete(key);
      }
    } catch (err) {
      for (const ask of batch) ask.reject(err);
    }
  };
  return (job: StaffMessageJob) =>
    new Promise<Row | undefined>((resolve, reject) => {
      if (asks.length === 0)
        setImmediate(() => {
          const batch = asks;
          asks = [];
          void mark(batch);
        });
      asks.push({ job, resolve, reject });
    });
}

/**
 * finishIfDone for a message, after a composer's mark: the check a caller waits for starts after the call (so it
 * sees the caller's committed mark), and the callers that come while one is waiting to start share it. One check
 * at a time a message in this process; another process's composers run their own.
 */
function finisher(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const messages = new Map<string, { waiting: Promise<number> | null; last: Promise<unknown> }>();
  return (messageId: string): Promise<number> => {
    const entry = messages.get(messageId) ?? { waiting: null, last: Promise.resolve() };
    messages.set(messageId, entry);
    if (entry.waiting) return entry.waiting;
    const check: Promise<number> = entry.last
      .catch(() => undefined)
      .then(() => {
        entry.waiting = null;
        return finishIfDone(deps.db, deps.clock.now(), messageId);
      })
      .finally(() => {
        if (entry.last === check && !entry.waiting) messages.delete(messageId);
      });
    entry.waiting = check;
    entry.last = check;
    return check;
  };
}

/**
 * A recipient's address refused for good by the relay (SMTP 5xx): the row is `failed`, off the applicant's record
 * (nothing reached them), and the address counts as bounced for the next message (segment.ts).
 */
export function staffMessageRefusals(deps: Pick<AppDeps, 'db'>): MailRefusalHandlers {
  return {
    [STAFF_MESSAGE_KIND]: async (job) => {
      const { rowCount } = await deps.db.query(
        `UPDATE staff_message_recipients SET state = 'failed' WHERE message_id = $1 AND user_id = $2 AND state = 'sent'`,
        [job.messageId, job.userId],
      );
      return rowCount > 0;
    },
  };
}

/**
 * A sending message with no queued row left is `sent` (finished_at). Each composer asks after marking its row (below),
 * in a statement of its own (so the last one to commit sees every other's mark); the messages job asks for every
 * sending message too, in case a composer died between the two.
 */
export async function finishIfDone(db: Queryable, now: Date, messageId: string | null = null): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE staff_messages m SET state = 'sent', finished_at = $1, updated_at = $1
     WHERE m.state = 'sending' AND ($2::uuid IS NULL OR m.id = $2)
       AND NOT EXISTS (SELECT 1 FROM staff_message_recipients r WHERE r.message_id = m.id AND r.state = 'queued')`,
    [now, messageId],
  );
  return rowCount;
}
