import { randomUUID } from 'node:crypto';
import type {
  MessageCategory,
  MessageCounts,
  MessageSegment,
  MessageState,
  RecipientState,
  StaffMessage,
  SuppressionReason,
} from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/** A message's row (staff_messages, migrations/138-messages.sql) with its writer's name. */
export interface MessageRow {
  id: string;
  name: string;
  segment: MessageSegment;
  subject: string;
  body: string;
  category: MessageCategory;
  state: MessageState;
  /** The writer's program limit when it was written (null: every program): the segment is narrowed to it. */
  programs: string[] | null;
  send_at: Date | null;
  created_by_id: string | null;
  created_by: string;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  stopped_at: Date | null;
}

const COLUMNS = `m.id, m.name, m.segment, m.subject, m.body, m.category, m.state, m.programs, m.send_at, m.created_by_id,
  m.created_by, s.name AS created_by_name, m.created_at, m.updated_at, m.started_at, m.finished_at, m.stopped_at`;
const FROM = `staff_messages m LEFT JOIN staff_members s ON s.email = lower(m.created_by) AND NOT s.from_environment`;

/** Every message, newest first. */
export async function listMessageRows(db: Queryable): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(`SELECT ${COLUMNS} FROM ${FROM} ORDER BY m.created_at DESC, m.id DESC`);
  return rows;
}

/** One message (undefined: none with this id). `lock` takes the row for the caller's transaction. */
export async function messageRow(db: Queryable, id: string, lock = false): Promise<MessageRow | undefined> {
  if (lock) await db.query('SELECT 1 FROM staff_messages WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<MessageRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE m.id = $1`, [id]);
  return rows[0];
}

export interface MessageDraft {
  name: string;
  segment: MessageSegment;
  subject: string;
  body: string;
  category: MessageCategory;
}

/** A new draft, narrowed to the writer's programs; its id. */
export async function insertDraft(
  db: Queryable,
  draft: MessageDraft,
  writer: { userId: string; email: string; programs: readonly string[] | null },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO staff_messages (id, name, segment, subject, body, category, state, programs, created_by_id,
       created_by, created_at, updated_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, 'draft', $7::text[], $8, $9, $10, $10)`,
    [
      id,
      draft.name,
      JSON.stringify(draft.segment),
      draft.subject,
      draft.body,
      draft.category,
      writer.programs === null ? null : [...writer.programs],
      writer.userId || null,
      writer.email,
      now,
    ],
  );
  return id;
}

/**
 * A draft changed (false: it is no longer a draft). `programs` is the editor's limit: a draft edited by a member
 * limited to fewer programs is narrowed to theirs.
 */
export async function updateDraft(
  db: Queryable,
  id: string,
  draft: MessageDraft,
  programs: readonly string[] | null,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE staff_messages SET name = $2, segment = $3::jsonb, subject = $4, body = $5, category = $6,
       programs = $7::text[], updated_at = $8
     WHERE id = $1 AND state = 'draft'`,
    [
      id,
      draft.name,
      JSON.stringify(draft.segment),
      draft.subject,
      draft.body,
      draft.category,
      programs === null ? null : [...programs],
      now,
    ],
  );
  return rowCount > 0;
}

/** A draft deleted (false: none, or no longer a draft). */
export async function deleteDraft(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM staff_messages WHERE id = $1 AND state = 'draft'`, [id]);
  return rowCount > 0;
}

/** The fixed recipient lists' counts by state, of these messages (those with none are absent). */
export async function recipientCounts(db: Queryable, ids: readonly string[]): Promise<Map<string, MessageCounts>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ message_id: string; state: RecipientState; n: number }>(
    `SELECT message_id, state, count(*)::int AS n FROM staff_message_recipients
     WHERE message_id = ANY ($1::uuid[]) GROUP BY message_id, state`,
    [ids],
  );
  const out = new Map<string, MessageCounts>();
  for (const r of rows) {
    const c = out.get(r.message_id) ?? { recipients: 0, sent: 0, failed: 0, suppressed: 0, queued: 0 };
    c[r.state] += r.n;
    c.recipients += r.n;
    out.set(r.message_id, c);
  }
  return out;
}

/** A fixed recipient list's first rows, by name, and its size. */
export async function fixedRecipients(
  db: Queryable,
  id: string,
  limit: number,
): Promise<{
  total: number;
  rows: {
    user_id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    program: string | null;
    state: RecipientState;
    suppressed_reason: SuppressionReason | null;
  }[];
}> {
  const [count, page] = await Promise.all([
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_message_recipients WHERE message_id = $1', [id]),
    db.query<{
      user_id: string;
      email: string;
      first_name: string | null;
      last_name: string | null;
      program: string | null;
      state: RecipientState;
      suppressed_reason: SuppressionReason | null;
    }>(
      `SELECT r.user_id, r.email, i.first_name, i.last_name, i.program, r.state, r.suppressed_reason
       FROM staff_message_recipients r LEFT JOIN staff_application_index i ON i.user_id = r.user_id
       WHERE r.message_id = $1 ORDER BY i.sort_name COLLATE "C" NULLS LAST, r.user_id LIMIT $2`,
      [id, limit],
    ),
  ]);
  return { total: count.rows[0]?.n ?? 0, rows: page.rows };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A row as the office sees it, with its estimate now (draft, scheduled) or its fixed list's counts. */
export function toStaffMessage(row: MessageRow, estimated: number, counts: MessageCounts | null): StaffMessage {
  return {
    id: row.id,
    name: row.name,
    segment: row.segment,
    subject: row.subject,
    body: row.body,
    category: row.category,
    state: row.state,
    send_at: iso(row.send_at),
    created_by: row.created_by,
    created_by_name: row.created_by_name ?? null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    stopped_at: iso(row.stopped_at),
    estimated_recipients: estimated,
    counts,
  };
}
