import type { Queryable } from '../infra/db/db';
import { recordChecklistChange } from './checklist-history';

/**
 * The office's open request for one document of a submitted application
 * (decision 044): the one thing a submitted application may still change.
 * Shared by the checklist (which makes and withdraws requests) and the
 * documents (which let only the requested upload through).
 */
export interface OpenRequest {
  id: string;
  document_id: string | null;
}

export async function openRequestFor(tx: Queryable, userId: string, itemKey: string): Promise<OpenRequest | undefined> {
  const { rows } = await tx.query<OpenRequest>(
    `SELECT id, document_id FROM checklist_requests
     WHERE user_id = $1 AND item_key = $2 AND answered_at IS NULL AND withdrawn_at IS NULL`,
    [userId, itemKey],
  );
  return rows[0];
}

/** The upload that answers the request, once it is converted. */
export async function attachRequestDocument(tx: Queryable, requestId: string, documentId: string): Promise<void> {
  await tx.query('UPDATE checklist_requests SET document_id = $2 WHERE id = $1', [requestId, documentId]);
}

/** A converted document closes the request it was uploaded for. */
export async function answerRequestOf(tx: Queryable, documentId: string, now: Date): Promise<void> {
  const { rows } = await tx.query<{ user_id: string; item_key: string }>(
    `UPDATE checklist_requests SET answered_at = $2
     WHERE document_id = $1 AND answered_at IS NULL AND withdrawn_at IS NULL RETURNING user_id, item_key`,
    [documentId, now],
  );
  for (const r of rows) await recordChecklistChange(tx, r.user_id, { request_answered: r.item_key }, now);
}
