import type { MessageCounts, StaffMessage } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import { recordStaffRead, type StaffMember } from '../../session/audit-log';
import type { StaffAccess } from '../../session/staff-access';
import { enqueueComposedMailsIn, mailQueueReady, wakeMailWorker } from '../mail';
import { freshenConsoleIndex } from '../staff';
import { messageVisibleTo, targetOf } from './compose-routes';
import { messageRow, recipientCounts, toStaffMessage, type MessageRow } from './message-store';
import { placeholderValues, recipientFacts, renderMessage, type PlaceholderValues } from './render-message';
import { segmentApplications, segmentSql, validateSegment } from './segment';
import { STAFF_MESSAGE_KIND, staffMessageOnceKey } from './staff-message-mail';

/**
 * Sending a message to a group (issue 46, decision 066), in three steps, each safe to repeat after a crash:
 *
 * 1. The start (startSending, in one transaction): the recipient list is fixed into staff_message_recipients
 *    (`queued`, or `suppressed` with its reason) from the segment as it stands, and the message becomes `sending`.
 *    A send now starts in its request (where the typed count is checked against the list itself); a scheduled
 *    one is started by the messages job once its time has come (messages-worker.ts).
 * 2. The hand-out (handOutBatch, by the messages job, MESSAGE_BATCH rows a transaction): each queued row is rendered
 *    for its application, its subject and body stored on the row, and its mail job (`staff-message`, ids only)
 *    queued, in the transaction that stores the text. A queued row WITH its text is one whose job exists: the
 *    hand-out takes only rows without, under their row locks, so a second pass (another process, a retry of a job
 *    that died after its commit) never queues a row twice, and a pass killed before its commit queued none of its
 *    batch. Exactly one mail job per recipient, whatever is killed when.
 * 3. The send (the composer, staff-message-mail.ts, when the mail worker takes the job): the row becomes `sent`
 *    (with sent_at) in the statement that reads its text, only while the message is `sending`, right before the
 *    relay is asked. So the counts are true as they go: `sent` rows went to the relay (or were in flight when a
 *    process died: their retry goes again under the job's once-key, so as the same Message-ID, decision 049);
 *    `queued` rows were not sent (yet, or ever, once the message is stopped); `failed` ones the relay refused for
 *    good. A stopped message's composers send nothing and leave their rows `queued`.
 *
 * Why the row is marked at compose time and not when its job is queued: a row marked `sent` when queued would
 * count as sent a mail still waiting for a relay that is down, or one a stop keeps from leaving. Why the text is
 * rendered at the hand-out and not by the composer: the stored text is at once the mark that the row's job exists
 * (the table has no other column for it) and the applicant's record, and the composer puts exactly it in the
 * mail, so what the applicant reads under Messages is what they were sent; the composer's work per mail stays one
 * statement, and a batch's checklists (`{{missing_items}}`) are read in one go.
 */

/** Rows rendered and handed to the mail queue in one transaction. */
export const MESSAGE_BATCH = 500;

/**
 * The message named by a staff call, if the member may act on it: a member limited to some programs acts only on
 * a message narrowed to programs they all see (404 otherwise, as for no message, so nothing is learnt of others').
 */
export async function messageForMember(db: Queryable, access: StaffAccess, id: string, lock = false) {
  const message = await messageRow(db, id, lock);
  if (!message || !messageVisibleTo(access, message)) throw new AppError('NOT_FOUND');
  return message;
}

/**
 * Fixes the recipient list of a message in the caller's transaction, from its segment as it stands now, in one
 * statement (an INSERT … SELECT of the segment's own query): one row per application, `queued` or `suppressed`
 * with its reason. Returns how many are queued, and moves the message to `sending` (`sent` at once when no one is
 * left to write to). The list is read whole (sorted by user, the hand-out's order) before its first row is
 * written: its bounce check reads this same table, and planned while the table was empty (the first message), it
 * scans the table for each row, which the rows written meanwhile made quadratic (11.5 s for 20,000 rows in the
 * benchmark's first round, docs/performance/messages.md).
 */
export async function startSending(deps: Pick<AppDeps, 'config'>, tx: Queryable, message: MessageRow, now: Date) {
  const { where: sql, params } = segmentSql(deps, targetOf(message), now);
  const { rows } = await tx.query<{ queued: number; total: number }>(
    `WITH fixed AS (
       INSERT INTO staff_message_recipients (message_id, user_id, email, state, suppressed_reason)
       SELECT $${params.length + 1}::uuid, t.user_id, t.email,
         CASE WHEN t.suppressed_reason IS NULL THEN 'queued' ELSE 'suppressed' END, t.suppressed_reason
       FROM (${sql}) t WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = t.user_id)
       ORDER BY t.user_id
       ON CONFLICT (message_id, user_id) DO NOTHING
       RETURNING state)
     SELECT count(*) FILTER (WHERE state = 'queued')::int AS queued, count(*)::int AS total FROM fixed`,
    [...params, message.id],
  );
  const queued = rows[0]?.queued ?? 0;
  await tx.query(
    `UPDATE staff_messages SET state = $2, started_at = $3, send_at = coalesce(send_at, $3), updated_at = $3,
       finished_at = CASE WHEN $2 = 'sent' THEN $3::timestamptz END
     WHERE id = $1`,
    [message.id, queued === 0 ? 'sent' : 'sending', now],
  );
  return { queued, total: rows[0]?.total ?? 0 };
}

/** The message as the office sees it after a change: its counts once sending, its estimate before. */
export async function staffMessageNow(
  deps: AppDeps,
  ctx: FormContext,
  id: string,
  estimated?: number,
): Promise<StaffMessage> {
  const row = (await messageRow(deps.db, id))!;
  const counts: MessageCounts | null = (await recipientCounts(deps.db, [id])).get(id) ?? null;
  const estimate =
    estimated ??
    (row.state === 'draft' || row.state === 'scheduled'
      ? (await segmentApplications(deps, ctx, targetOf(row), { limit: 0, fresh: true })).estimated
      : (counts?.recipients ?? 0) - (counts?.suppressed ?? 0));
  return toStaffMessage(row, estimate, counts);
}

/** The longest one statement of a send may run: the recipient list of a large segment is fixed in one. */
const SEND_STATEMENT_TIMEOUT_MS = 30_000;

export interface SendRequest {
  confirm_count: number;
  at?: string | undefined;
}

/**
 * POST …/messages/{id}/send: a draft only (409 MESSAGE_NOT_DRAFT: a message is sent once); `at` in the past is
 * 400 MESSAGE_TIME_IN_PAST. The typed count must equal the recipients now (409 CONFIRM_COUNT_MISMATCH carrying
 * the number): for a send now, the list just fixed itself, in the same transaction (nothing is kept when it
 * differs); for a later time, the segment's count now (the list is fixed when it starts). Audited in the same
 * transaction. Returns whether the message is sending now (the caller wakes the messages job).
 */
export async function sendMessage(
  deps: AppDeps,
  ctx: FormContext,
  access: StaffAccess,
  staff: StaffMember,
  id: string,
  request: SendRequest,
): Promise<{ sending: boolean; estimated: number }> {
  const now = deps.clock.now();
  const at = request.at === undefined ? null : new Date(request.at);
  if (at && at.getTime() <= now.getTime()) throw new AppError('MESSAGE_TIME_IN_PAST');
  // Outside the transaction: the index catches up with the latest changes (as the list's own reads do).
  await freshenConsoleIndex(deps, ctx);
  // Fixing the list of a message to every applicant (20,000 rows in one statement) runs past a request's 2 s
  // statement limit: this transaction alone gets a longer one (SEND_STATEMENT_TIMEOUT_MS). The office sends
  // rarely, and an applicant's call never waits behind it (it holds one connection of the pool).
  return deps.db.transaction(
    async (tx) => {
      const message = await messageForMember(tx, access, id, true);
      if (message.state !== 'draft') throw new AppError('MESSAGE_NOT_DRAFT');
      await validateSegment(deps, message.segment, message.programs, tx);
      const mismatch = (count: number) =>
        new AppError('CONFIRM_COUNT_MISMATCH', {
          message: `The message would reach ${count} ${count === 1 ? 'applicant' : 'applicants'} now, not ${request.confirm_count}. Please check the count and type it again.`,
          count,
        });
      if (at) {
        const { estimated } = await segmentApplications(deps, ctx, targetOf(message), {
          limit: 0,
          db: tx,
          fresh: true,
        });
        if (estimated !== request.confirm_count) throw mismatch(estimated);
        await tx.query(`UPDATE staff_messages SET state = 'scheduled', send_at = $2, updated_at = $3 WHERE id = $1`, [
          id,
          at,
          now,
        ]);
        await recordStaffRead(
          tx,
          staff,
          null,
          'message-send',
          { message_id: id, name: message.name, at: at.toISOString(), recipients: estimated },
          now,
        );
        return { sending: false, estimated };
      }
      const { queued, total } = await startSending(deps, tx, message, now);
      if (queued !== request.confirm_count) throw mismatch(queued);
      await recordStaffRead(
        tx,
        staff,
        null,
        'message-send',
        { message_id: id, name: message.name, at: null, recipients: queued, suppressed: total - queued },
        now,
      );
      return { sending: queued > 0, estimated: queued };
    },
    { statementTimeoutMs: SEND_STATEMENT_TIMEOUT_MS },
  );
}

/**
 * POST …/messages/{id}/stop: a scheduled or sending message stops at once (409 MESSAGE_NOT_STOPPABLE otherwise).
 * Nothing more of it is handed to the mail queue, and its jobs already queued compose nothing (the composer asks
 * for a message still `sending` in the statement that marks its row): only a mail whose composer had already
 * marked it when the stop committed still leaves (in flight). Its unsent rows stay `queued` (sent nothing), so
 * its counts say what went. Other mail (codes, receipts, decisions) is untouched. Audited in the same transaction.
 */
export async function stopMessage(deps: AppDeps, access: StaffAccess, staff: StaffMember, id: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const message = await messageForMember(tx, access, id, true);
    if (message.state !== 'scheduled' && message.state !== 'sending') throw new AppError('MESSAGE_NOT_STOPPABLE');
    await tx.query(`UPDATE staff_messages SET state = 'stopped', stopped_at = $2, updated_at = $2 WHERE id = $1`, [
      id,
      now,
    ]);
    const counts = (await recipientCounts(tx, [id])).get(id) ?? null;
    await recordStaffRead(
      tx,
      staff,
      null,
      'message-stop',
      { message_id: id, name: message.name, was: message.state, sent: counts?.sent ?? 0, queued: counts?.queued ?? 0 },
      now,
    );
  });
}

/** The messages whose time has come, each started in its own transaction (the job's first step); how many. */
export async function startDueMessages(deps: AppDeps, ctx: FormContext): Promise<number> {
  const now = deps.clock.now();
  const { rows } = await deps.db.query<{ id: string }>(
    `SELECT id FROM staff_messages WHERE state = 'scheduled' AND send_at <= $1 ORDER BY send_at, id`,
    [now],
  );
  if (rows.length === 0) return 0;
  await freshenConsoleIndex(deps, ctx);
  let started = 0;
  for (const { id } of rows) {
    const done = await deps.db.transaction(async (tx) => {
      const message = await messageRow(tx, id, true);
      // Stopped meanwhile, or started by another process's pass.
      if (!message || message.state !== 'scheduled' || !message.send_at || message.send_at > now) return false;
      await startSending(deps, tx, message, deps.clock.now());
      return true;
    });
    if (done) started++;
  }
  return started;
}

/** Placeholder values for a recipient the index no longer has (its text is the message's, unfilled names blank). */
const blankValues = (deps: Pick<AppDeps, 'config'>): PlaceholderValues => ({
  first_name: '',
  last_name: '',
  program: '',
  term: '',
  deadline: '',
  missing_items: '',
  portal_link: new URL('/', deps.config.publicUrl).toString(),
});

/**
 * One batch of a sending message handed to the mail queue (step 2 above): how many rows it took up (0 when none is
 * left to hand out, or the message is no longer sending). The rows are chosen and rendered before the
 * transaction (reading the index and, for `{{missing_items}}`, the checklists), and the transaction takes only
 * those still queued without their text, under their locks, with the message row shared against a stop.
 */
export async function handOutBatch(
  deps: AppDeps,
  ctx: FormContext,
  messageId: string,
  batchSize = MESSAGE_BATCH,
): Promise<number> {
  const message = await messageRow(deps.db, messageId);
  if (!message || message.state !== 'sending') return 0;
  const { rows: candidates } = await deps.db.query<{ user_id: string }>(
    `SELECT user_id FROM staff_message_recipients WHERE message_id = $1 AND state = 'queued' AND subject IS NULL
     ORDER BY user_id LIMIT $2`,
    [messageId, batchSize],
  );
  if (candidates.length === 0) return 0;
  const ids = candidates.map((c) => c.user_id);
  const facts = await recipientFacts(deps.db, ids);
  const values = await placeholderValues(deps, ctx, deps.db, facts, [message.subject, message.body]);
  const rendered = ids.map((id) => renderMessage(deps, message, values.get(id) ?? blankValues(deps)));
  await mailQueueReady(deps);
  await deps.db.transaction(async (tx) => {
    const { rows: live } = await tx.query<{ state: string }>(
      'SELECT state FROM staff_messages WHERE id = $1 FOR SHARE',
      [messageId],
    );
    if (live[0]?.state !== 'sending') return;
    const { rows } = await tx.query<{ user_id: string }>(
      `UPDATE staff_message_recipients r SET subject = v.subject, body = v.body
       FROM unnest($2::uuid[], $3::text[], $4::text[]) AS v(user_id, subject, body)
       WHERE r.message_id = $1 AND r.user_id = v.user_id AND r.state = 'queued' AND r.subject IS NULL
       RETURNING r.user_id`,
      [messageId, ids, rendered.map((r) => r.subject), rendered.map((r) => r.body)],
    );
    await enqueueComposedMailsIn(
      deps,
      tx,
      rows.map(({ user_id }) => ({
        kind: STAFF_MESSAGE_KIND,
        messageId,
        userId: user_id,
        onceKey: staffMessageOnceKey(messageId, user_id),
      })),
    );
  });
  wakeMailWorker(deps);
  return candidates.length;
}

/** Every sending message's rows handed out, batch after batch; how many rows were taken up. */
export async function handOutAll(deps: AppDeps, ctx: FormContext, batchSize = MESSAGE_BATCH): Promise<number> {
  const { rows } = await deps.db.query<{ id: string }>(
    `SELECT id FROM staff_messages WHERE state = 'sending' ORDER BY started_at, id`,
  );
  let handed = 0;
  for (const { id } of rows) {
    for (;;) {
      const n = await handOutBatch(deps, ctx, id, batchSize);
      handed += n;
      if (n < batchSize) break;
    }
  }
  return handed;
}
