import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../infra/db/db';
import type { Storage } from '../../infra/storage/storage';
import { newUploadKey, pdfKeyOf } from './document-keys';
import { removeFiles, type Log } from './remove-files';

/** A converted document of the application copied from, as the start reads it (with the account's list). */
export interface SourceDocument {
  answer_key: string;
  file_name: string;
  file_size: number;
  pdf_key: string;
  pdf_size: number | null;
}

/** The SQL that lists an application's converted documents as SourceDocument[] (json), for `ownerColumn`. */
export const sourceDocumentsSql = (ownerColumn: string) =>
  `(SELECT coalesce(json_agg(json_build_object('answer_key', d.answer_key, 'file_name', d.file_name,
      'file_size', d.file_size, 'pdf_key', d.pdf_key, 'pdf_size', d.pdf_size) ORDER BY d.answer_key), '[]')
    FROM documents d WHERE d.user_id = ${ownerColumn} AND d.status = 'COMPLETED' AND d.pdf_key IS NOT NULL)`;

export interface DocumentCopies {
  /** The new rows, as `documentCopiesSql` inserts them (json). */
  readonly rows: string;
  /**
   * Copies the PDFs where they are, side by side. Answers the copies whose source file has gone since it was
   * listed (removed in another tab): their rows are to be dropped (dropDocumentCopies).
   */
  copyFiles(): Promise<string[]>;
  /** Removes the copied files: the transaction that was to record them did not commit. */
  discard(log: Log): Promise<void>;
}

/**
 * Issue 42: a new application started from another one gets its converted documents. Each PDF is copied to the
 * new owner's folder, so either copy can be deleted or replaced without touching the other. The files are
 * copied where they are (storage.copy) and side by side, while the transaction that records their rows is
 * still open: five sequential read-and-write copies cost more than the whole transaction
 * (docs/performance/several-applications.md). A document still converting, or refused, is not copied: the
 * applicant uploads it again.
 */
export function planDocumentCopies(
  storage: Storage,
  sources: readonly SourceDocument[],
  toOwner: string,
  copies: (answerKey: string) => boolean,
): DocumentCopies {
  const planned = sources
    .filter((d) => copies(d.answer_key))
    .map((source) => {
      const id = randomUUID();
      return {
        from: source.pdf_key,
        row: {
          ...source,
          id,
          user_id: toOwner,
          // The original upload is gone once converted; the copy names one of its own that never existed.
          upload_key: newUploadKey(toOwner, source.answer_key),
          pdf_key: pdfKeyOf(toOwner, source.answer_key, id),
        },
      };
    });
  return {
    rows: JSON.stringify(planned.map((p) => p.row)),
    async copyFiles() {
      const copied = await Promise.allSettled(planned.map((p) => storage.copy(p.from, p.row.pdf_key)));
      const failed = copied.find((c) => c.status === 'rejected');
      if (failed) throw failed.reason;
      return planned.filter((_, i) => !(copied[i] as PromiseFulfilledResult<boolean>).value).map((p) => p.row.id);
    },
    discard: (log) =>
      removeFiles(
        storage,
        planned.map((p) => p.row.pdf_key),
        log,
      ),
  };
}

/**
 * The copies' rows as common table expressions of the caller's statement (`rowsParam`: DocumentCopies.rows,
 * `nowParam`: the time), each logged in the new history as an upload is. The start writes the owner, its
 * answers, these rows and the session in one statement.
 */
export const documentCopiesSql = (rowsParam: string, nowParam: string) =>
  `copied_documents AS (
     INSERT INTO documents (id, user_id, answer_key, upload_key, file_name, file_size, status, message, pdf_key,
       pdf_size, created_at, updated_at)
     SELECT d.id, d.user_id, d.answer_key, d.upload_key, d.file_name, d.file_size, 'COMPLETED', '', d.pdf_key,
       d.pdf_size, ${nowParam}, ${nowParam}
     FROM jsonb_to_recordset(${rowsParam}::jsonb) AS d (id uuid, user_id uuid, answer_key text, upload_key text,
       file_name text, file_size integer, pdf_key text, pdf_size integer)
     RETURNING user_id, answer_key, status
   ), logged_documents AS (
     INSERT INTO answer_history (user_id, kind, changes, created_at)
     SELECT user_id, 'document', jsonb_build_object(answer_key, status), ${nowParam} FROM copied_documents
   )`;

/** Drops copied rows whose source file had gone, with the history their insert wrote (the caller's transaction). */
export async function dropDocumentCopies(tx: Queryable, ids: readonly string[]): Promise<void> {
  await tx.query(
    `WITH dropped AS (DELETE FROM documents WHERE id = ANY($1::uuid[]) RETURNING user_id, answer_key, created_at)
     DELETE FROM answer_history h USING dropped d
     WHERE h.user_id = d.user_id AND h.kind = 'document' AND h.changes ? d.answer_key AND h.created_at = d.created_at`,
    [ids],
  );
}
