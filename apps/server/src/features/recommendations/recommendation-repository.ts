import type { LetterFileStatus, RecommenderPrefix } from '@admissions/domain';
import { recordChecklistChange } from '../../core/checklist-history';
import type { Queryable } from '../../infra/db/db';

export type RequestStatus = 'REQUESTED' | 'RECEIVED' | 'DECLINED' | 'CANCELLED';

/** The recommender's details as the applicant entered them when the request went out. */
export interface RecommenderDetails {
  prefix: string;
  first_name: string;
  last_name: string;
  organisation: string;
  position: string;
  relation: string;
  relation_desc: string;
  phone: string;
}

export interface RequestRow {
  id: string;
  user_id: string;
  prefix: RecommenderPrefix;
  email: string;
  email_norm: string;
  recommender: RecommenderDetails;
  status: RequestStatus;
  current: boolean;
  requested_at: Date;
  expires_at: Date;
  auto_reminders: number;
  reminders_sent: number;
  last_reminder_at: Date | null;
  responded_at: Date | null;
  waived_at_receipt: boolean | null;
  decline_reason: string;
  letter_text: string;
  file_id: string | null;
  upload_key: string | null;
  file_name: string;
  file_size: number | null;
  file_status: LetterFileStatus;
  file_message: string;
  pdf_key: string | null;
  pdf_size: number | null;
  /** The requests asked together for several of an account's applications share this (null: asked alone). */
  letter_group: string | null;
}

export const REQUEST_COLUMNS = `id, user_id, prefix, email, email_norm, recommender, status, current, requested_at,
  expires_at, auto_reminders, reminders_sent, last_reminder_at, responded_at, waived_at_receipt, decline_reason,
  letter_text, file_id,
  upload_key, file_name, file_size, file_status, file_message, pdf_key, pdf_size, letter_group`;

/** The applicant's current request of each recommender slot. */
export async function currentRequests(db: Queryable, userId: string): Promise<RequestRow[]> {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM recommendation_requests WHERE user_id = $1 AND current ORDER BY prefix`,
    [userId],
  );
  return rows;
}

/** Every request of an application the office may read (cancelled ones never had a letter). */
/** A request the office sees: any but a cancelled one. */
export type OfficeRequestRow = RequestRow & { status: Exclude<RequestStatus, 'CANCELLED'> };

export async function requestsForOffice(db: Queryable, userId: string): Promise<OfficeRequestRow[]> {
  const { rows } = await db.query<OfficeRequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM recommendation_requests
     WHERE user_id = $1 AND status <> 'CANCELLED' ORDER BY prefix, requested_at`,
    [userId],
  );
  return rows;
}

export async function findRequest(db: Queryable, id: string): Promise<RequestRow | undefined> {
  const { rows } = await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM recommendation_requests WHERE id = $1`, [
    id,
  ]);
  return rows[0];
}

/**
 * The requests behind an e-mailed link (one, or each of a group asked together), the asking application's
 * first, locked for the caller's transaction when `lock`.
 */
export async function requestsOfLink(db: Queryable, tokenHash: string, lock = false): Promise<RequestRow[]> {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM recommendation_requests
     WHERE id IN (SELECT request_id FROM recommendation_links WHERE token_hash = $1)
     ORDER BY id <> coalesce(letter_group, id), id${lock ? ' FOR UPDATE' : ''}`,
    [tokenHash],
  );
  return rows;
}

/** The file of a request that the recommender has sent and that is being converted. */
export const FILE_ON_ITS_WAY = `file_status IN ('UNPROCESSED', 'IN_PROGRESS')`;
/** FILE_ON_ITS_WAY, of a row already read. */
export const fileOnItsWay = (status: LetterFileStatus) => status === 'UNPROCESSED' || status === 'IN_PROGRESS';

/**
 * The waiver (counselor_waiver_request, 'Y' or 'N') as the application holds it
 * now, for the row being updated: recorded when a letter arrives.
 */
export const WAIVER_NOW = `(SELECT CASE a.answers->>'counselor_waiver_request' WHEN 'Y' THEN true WHEN 'N' THEN false END
  FROM applications a WHERE a.user_id = recommendation_requests.user_id)`;

/**
 * Retires the slot's current request: one still waiting is cancelled (its
 * links die with it); one answered stays for the office, no longer current.
 * A letter already sent and being converted is still taken when it arrives:
 * the recommender did write it.
 */
export async function retireCurrent(tx: Queryable, userId: string, prefix: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE recommendation_requests
     SET current = false, updated_at = $3,
         status = CASE WHEN status = 'REQUESTED' AND NOT ${FILE_ON_ITS_WAY} THEN 'CANCELLED' ELSE status END
     WHERE user_id = $1 AND prefix = $2 AND current`,
    [userId, prefix, now],
  );
  await tx.query(
    `DELETE FROM recommendation_links l USING recommendation_requests r
     WHERE l.request_id = r.id AND r.user_id = $1 AND r.prefix = $2 AND r.status = 'CANCELLED'`,
    [userId, prefix],
  );
}

export async function insertRequest(
  tx: Queryable,
  row: {
    id: string;
    userId: string;
    prefix: string;
    email: string;
    emailNorm: string;
    recommender: RecommenderDetails;
    now: Date;
    expiresAt: Date;
    letterGroup?: string | null;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO recommendation_requests
       (id, user_id, prefix, email, email_norm, recommender, status, requested_at, expires_at, updated_at, letter_group)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, 'REQUESTED', $7, $8, $7, $9)`,
    [
      row.id,
      row.userId,
      row.prefix,
      row.email,
      row.emailNorm,
      JSON.stringify(row.recommender),
      row.now,
      row.expiresAt,
      row.letterGroup ?? null,
    ],
  );
  // The office's list counts the letters asked for ("0 of 1"): its index reads this history (issue 49).
  await recordChecklistChange(tx, row.userId, { letter_requested: row.prefix }, row.now);
}

export async function insertLink(tx: Queryable, tokenHash: string, requestId: string, now: Date): Promise<void> {
  await tx.query('INSERT INTO recommendation_links (token_hash, request_id, created_at) VALUES ($1, $2, $3)', [
    tokenHash,
    requestId,
    now,
  ]);
}

/** Counts the applicant's own reminder (the automatic ones are counted by sendDueReminders). */
export async function recordApplicantReminder(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE recommendation_requests
     SET reminders_sent = reminders_sent + 1, last_reminder_at = $2, updated_at = $2
     WHERE id = $1`,
    [id, now],
  );
}

/** The other requests of a group that a reminder's mail asked for too (their next reminder is a day away). */
export async function recordGroupReminder(tx: Queryable, request: RequestRow, now: Date): Promise<void> {
  if (!request.letter_group) return;
  await tx.query(
    `UPDATE recommendation_requests
     SET reminders_sent = reminders_sent + 1, last_reminder_at = $3, updated_at = $3
     WHERE letter_group = $1 AND id <> $2 AND status = 'REQUESTED' AND current AND expires_at > $3`,
    [request.letter_group, request.id, now],
  );
}

/** Records a letter written in the text box; false when the request no longer waits for one. */
export async function receiveTextLetter(tx: Queryable, id: string, text: string, now: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE recommendation_requests
     SET status = 'RECEIVED', letter_text = $2, responded_at = $3, updated_at = $3, waived_at_receipt = ${WAIVER_NOW}
     WHERE id = $1 AND status = 'REQUESTED' AND current`,
    [id, text, now],
  );
  return rowCount === 1;
}

export async function declineRequest(tx: Queryable, id: string, reason: string, now: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE recommendation_requests
     SET status = 'DECLINED', decline_reason = $2, responded_at = $3, updated_at = $3
     WHERE id = $1 AND status = 'REQUESTED' AND current`,
    [id, reason, now],
  );
  return rowCount === 1;
}
