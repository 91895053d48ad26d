import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { newUploadKey, pdfKeyOf } from './document-keys';
import { listDocuments, type DocumentRow } from './documents-repository';
import { removeFiles, type Log } from './remove-files';

/** A converted PDF is far below this; the bound only keeps a broken object from filling memory. */
const MAX_PDF_BYTES = 256 * 1_048_576;

export interface DocumentCopies {
  readonly rows: readonly (DocumentRow & { source_id: string })[];
  /** Removes the copied files: the transaction that was to record them did not commit. */
  discard(log: Log): Promise<void>;
}

/**
 * Issue 42: a new application started from another one gets its converted documents. Each PDF is copied to the
 * new owner's folder before the transaction that records the rows (storage is no part of a database
 * transaction), so either copy can be deleted or replaced without touching the other. A document still
 * converting, or refused, is not copied: the applicant uploads it again.
 */
export async function copyDocumentFiles(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  fromOwner: string,
  toOwner: string,
  copies: (answerKey: string) => boolean,
  log: Log,
): Promise<DocumentCopies> {
  const sources = (await listDocuments(deps.db, fromOwner)).filter(
    (d) => d.status === 'COMPLETED' && d.pdf_key && copies(d.answer_key),
  );
  const rows: (DocumentRow & { source_id: string })[] = [];
  const discard = (log: Log) =>
    removeFiles(
      deps.storage,
      rows.map((r) => r.pdf_key),
      log,
    );
  try {
    for (const source of sources) {
      const bytes = await deps.storage.read(source.pdf_key!, MAX_PDF_BYTES);
      // Deleted since it was listed: nothing to copy.
      if (!bytes) continue;
      const id = randomUUID();
      const pdfKey = pdfKeyOf(toOwner, source.answer_key, id);
      rows.push({
        ...source,
        source_id: source.id,
        id,
        user_id: toOwner,
        // The original upload is gone once converted; the copy names one of its own that never existed.
        upload_key: newUploadKey(toOwner, source.answer_key),
        pdf_key: pdfKey,
      });
      await deps.storage.write(pdfKey, bytes, 'application/pdf');
    }
  } catch (err) {
    await discard(log);
    throw err;
  }
  return { rows, discard };
}

/** The copies' rows, in the caller's transaction, each logged in the new application's history as an upload is. */
export async function insertDocumentCopies(tx: Queryable, copies: DocumentCopies, now: Date): Promise<void> {
  for (const d of copies.rows) {
    await tx.query(
      `WITH changed AS (
         INSERT INTO documents (id, user_id, answer_key, upload_key, file_name, file_size, status, message, pdf_key,
           pdf_size, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'COMPLETED', '', $7, $8, $9, $9)
         RETURNING user_id, answer_key, status
       )
       INSERT INTO answer_history (user_id, kind, changes, created_at)
       SELECT user_id, 'document', jsonb_build_object(answer_key, status), $9 FROM changed`,
      [d.id, d.user_id, d.answer_key, d.upload_key, d.file_name, d.file_size, d.pdf_key, d.pdf_size, now],
    );
  }
}
