import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { newUploadKey, pdfKeyOf } from './document-keys';
import { listDocuments, type DocumentRow } from './documents-repository';
import { removeFiles, type Log } from './remove-files';

export interface DocumentCopies {
  readonly rows: readonly DocumentRow[];
  /** Removes the copied files: the transaction that was to record them did not commit. */
  discard(log: Log): Promise<void>;
}

/**
 * Issue 42: a new application started from another one gets its converted documents. Each PDF is copied to the
 * new owner's folder before the transaction that records the rows (storage is no part of a database
 * transaction), so either copy can be deleted or replaced without touching the other. The copies are made
 * where the files are (storage.copy) and side by side: five sequential read-and-write copies cost more than
 * the whole transaction (docs/performance/several-applications.md). A document still converting, or refused,
 * is not copied: the applicant uploads it again.
 */
export async function copyDocumentFiles(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  fromOwner: string,
  toOwner: string,
  copies: (answerKey: string) => boolean,
  log: Log,
): Promise<DocumentCopies> {
  const planned = (await listDocuments(deps.db, fromOwner))
    .filter((d) => d.status === 'COMPLETED' && d.pdf_key && copies(d.answer_key))
    .map((source) => {
      const id = randomUUID();
      return {
        source,
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
  const discard = (l: Log) =>
    removeFiles(
      deps.storage,
      planned.map((p) => p.row.pdf_key),
      l,
    );
  const copied = await Promise.allSettled(planned.map((p) => deps.storage.copy(p.source.pdf_key!, p.row.pdf_key)));
  const failed = copied.find((c) => c.status === 'rejected');
  if (failed) {
    await discard(log);
    throw failed.reason;
  }
  // A source deleted since it was listed has nothing to copy.
  const rows = planned.filter((_, i) => (copied[i] as PromiseFulfilledResult<boolean>).value).map((p) => p.row);
  return { rows, discard };
}

/** The copies' rows in one statement of the caller's transaction, each logged in the new history as an upload is. */
export async function insertDocumentCopies(tx: Queryable, copies: DocumentCopies, now: Date): Promise<void> {
  if (copies.rows.length === 0) return;
  await tx.query(
    `WITH changed AS (
       INSERT INTO documents (id, user_id, answer_key, upload_key, file_name, file_size, status, message, pdf_key,
         pdf_size, created_at, updated_at)
       SELECT d.id, d.user_id, d.answer_key, d.upload_key, d.file_name, d.file_size, 'COMPLETED', '', d.pdf_key,
         d.pdf_size, $2, $2
       FROM jsonb_to_recordset($1::jsonb) AS d (id uuid, user_id uuid, answer_key text, upload_key text,
         file_name text, file_size integer, pdf_key text, pdf_size integer)
       RETURNING user_id, answer_key, status
     )
     INSERT INTO answer_history (user_id, kind, changes, created_at)
     SELECT user_id, 'document', jsonb_build_object(answer_key, status), $2 FROM changed`,
    [JSON.stringify(copies.rows), now],
  );
}
