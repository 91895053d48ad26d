import type { KeptBasis } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { keptBasisSql } from '../../core/kept-bases';
import { memberNameSql } from '../../session/member-name';

/**
 * The office's requests and waivers (migration 070); the checklist is derived around them. Each row names the
 * member who made it by address and by name (issue 49; null without one), for the office's view.
 */
export interface RequestRow {
  id: string;
  user_id: string;
  item_key: string;
  message: string;
  requested_by: string;
  requested_by_name: string | null;
  requested_at: Date;
  answered_at: Date | null;
}

export interface WaiverRow {
  user_id: string;
  item_key: string;
  reason: string;
  waived_by: string;
  waived_by_name: string | null;
  waived_at: Date;
}

/** Requests not withdrawn, oldest first (a later request for the same item comes after the one it follows). */
export async function requestsOf(db: Queryable, userIds: readonly string[]): Promise<RequestRow[]> {
  const { rows } = await db.query<RequestRow>(
    `SELECT id, user_id, item_key, message, requested_by, ${memberNameSql('requested_by')} AS requested_by_name,
       requested_at, answered_at FROM checklist_requests
     WHERE user_id = ANY($1::uuid[]) AND withdrawn_at IS NULL ORDER BY requested_at, id`,
    [userIds],
  );
  return rows;
}

export interface ReceiptRow {
  user_id: string;
  item_key: string;
  note: string;
  received_by: string;
  received_by_name: string | null;
  received_at: Date;
}

/** The documents the office marked received itself (migration 118). */
export async function receiptsOf(db: Queryable, userIds: readonly string[]): Promise<ReceiptRow[]> {
  const { rows } = await db.query<ReceiptRow>(
    `SELECT user_id, item_key, note, received_by, ${memberNameSql('received_by')} AS received_by_name, received_at
     FROM checklist_receipts WHERE user_id = ANY($1::uuid[])`,
    [userIds],
  );
  return rows;
}

export async function waiversOf(db: Queryable, userIds: readonly string[]): Promise<WaiverRow[]> {
  const { rows } = await db.query<WaiverRow>(
    `SELECT user_id, item_key, reason, waived_by, ${memberNameSql('waived_by')} AS waived_by_name, waived_at
     FROM checklist_waivers WHERE user_id = ANY($1::uuid[])`,
    [userIds],
  );
  return rows;
}

export interface ApplicationSource {
  user_id: string;
  email: string;
  answers: Record<string, string>;
  add_another: Record<string, number>;
  tabs: Record<string, string>;
  submitted_at: Date | null;
  deadline_reminders: boolean;
  last_change: Date | null;
  kept_basis: KeptBasis | null;
}

export async function applicationSources(db: Queryable, userIds: readonly string[]): Promise<ApplicationSource[]> {
  const { rows } = await db.query<ApplicationSource>(
    `SELECT a.user_id, u.email, a.answers, a.add_another, a.tabs, a.submitted_at, a.deadline_reminders,
       ${keptBasisSql('a')} AS kept_basis,
       (SELECT max(h.created_at) FROM answer_history h WHERE h.user_id = a.user_id AND h.kind = 'answer') AS last_change
     FROM applications a JOIN users u ON u.id = a.user_id WHERE a.user_id = ANY($1::uuid[])`,
    [userIds],
  );
  return rows;
}
