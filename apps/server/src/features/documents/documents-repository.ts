import type { Queryable } from '../../infra/db/db';

export type StoredStatus = 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

export interface DocumentRow {
  id: string;
  user_id: string;
  answer_key: string;
  upload_key: string;
  file_name: string;
  file_size: number;
  status: StoredStatus;
  message: string;
  pdf_key: string | null;
  pdf_size: number | null;
}

const COLUMNS = 'id, user_id, answer_key, upload_key, file_name, file_size, status, message, pdf_key, pdf_size';

export async function findDocument(db: Queryable, userId: string, answerKey: string): Promise<DocumentRow | undefined> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE user_id = $1 AND answer_key = $2`,
    [userId, answerKey],
  );
  return rows[0];
}

export async function findDocumentById(db: Queryable, id: string): Promise<DocumentRow | undefined> {
  const { rows } = await db.query<DocumentRow>(`SELECT ${COLUMNS} FROM documents WHERE id = $1`, [id]);
  return rows[0];
}

export async function listDocuments(db: Queryable, userId: string): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE user_id = $1 ORDER BY answer_key`,
    [userId],
  );
  return rows;
}

/** Locks and returns the applicant's documents of these questions (in the caller's transaction). */
export async function lockDocuments(
  tx: Queryable,
  userId: string,
  answerKeys: readonly string[],
): Promise<DocumentRow[]> {
  if (answerKeys.length === 0) return [];
  const { rows } = await tx.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE user_id = $1 AND answer_key = ANY($2::text[]) FOR UPDATE`,
    [userId, answerKeys],
  );
  return rows;
}

export async function insertDocument(
  tx: Queryable,
  doc: { id: string; userId: string; answerKey: string; uploadKey: string; fileName: string; fileSize: number },
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO documents (id, user_id, answer_key, upload_key, file_name, file_size, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'UNPROCESSED', $7, $7)`,
    [doc.id, doc.userId, doc.answerKey, doc.uploadKey, doc.fileName, doc.fileSize, now],
  );
}

/**
 * A document's arrival or departure is a change of the application, logged in
 * its history like an answer, so readers of the history (the staff console's
 * list) see it: { <answer key>: <status, or null when deleted> }.
 */
const LOG_CHANGE = `INSERT INTO answer_history (user_id, kind, changes, created_at)
  SELECT user_id, 'document', jsonb_build_object(answer_key, status), $2::timestamptz FROM changed`;

export async function deleteDocumentRow(tx: Queryable, id: string, now = new Date()): Promise<void> {
  await tx.query(
    `WITH changed AS (DELETE FROM documents WHERE id = $1 RETURNING user_id, answer_key, NULL::text AS status) ${LOG_CHANGE}`,
    [id, now],
  );
}

/** Moves a waiting document to IN_PROGRESS; false when it is gone or already settled. */
export async function markInProgress(db: Queryable, id: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE documents SET status = 'IN_PROGRESS', updated_at = $2 WHERE id = $1 AND status IN ('UNPROCESSED', 'IN_PROGRESS')`,
    [id, now],
  );
  return rowCount === 1;
}

/** Settles a conversion once: false when the document was deleted, replaced or already settled. */
export async function markCompleted(
  db: Queryable,
  id: string,
  pdfKey: string,
  pdfSize: number,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH changed AS (
       UPDATE documents SET status = 'COMPLETED', pdf_key = $3, pdf_size = $4, message = '', updated_at = $2
       WHERE id = $1 AND status IN ('UNPROCESSED', 'IN_PROGRESS') RETURNING id, user_id, answer_key, status),
     -- A document the office asked for answers its request in the same statement (decision 044).
     answered AS (
       UPDATE checklist_requests r SET answered_at = $2 FROM changed c
       WHERE r.document_id = c.id AND r.answered_at IS NULL AND r.withdrawn_at IS NULL RETURNING r.id)
     ${LOG_CHANGE}`,
    [id, now, pdfKey, pdfSize],
  );
  return rowCount === 1;
}

export async function markFailed(db: Queryable, id: string, message: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH changed AS (
       UPDATE documents SET status = 'FAILED', message = $3, pdf_key = NULL, pdf_size = NULL, updated_at = $2
       WHERE id = $1 AND status IN ('UNPROCESSED', 'IN_PROGRESS') RETURNING user_id, answer_key, status)
     ${LOG_CHANGE}`,
    [id, now, message],
  );
  return rowCount === 1;
}

export async function recordUploadForm(db: Queryable, uploadKey: string, userId: string, answerKey: string, now: Date) {
  await db.query('INSERT INTO document_uploads (upload_key, user_id, answer_key, created_at) VALUES ($1, $2, $3, $4)', [
    uploadKey,
    userId,
    answerKey,
    now,
  ]);
}

export async function uploadsSince(db: Queryable, userId: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM document_uploads WHERE user_id = $1 AND created_at > $2',
    [userId, since],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Takes an unused upload form of this applicant and question; false when there is none (forged or reused key). */
export async function takeUpload(
  tx: Queryable,
  uploadKey: string,
  userId: string,
  answerKey: string,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE document_uploads SET used_at = $4
     WHERE upload_key = $1 AND user_id = $2 AND answer_key = $3 AND used_at IS NULL`,
    [uploadKey, userId, answerKey, now],
  );
  return rowCount === 1;
}

/** Bytes the applicant keeps in storage: converted PDFs and originals not yet converted. */
export async function storedBytes(db: Queryable, userId: string, exceptAnswerKey: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number | null }>(
    `SELECT coalesce(sum(coalesce(pdf_size, 0) + CASE WHEN status IN ('UNPROCESSED', 'IN_PROGRESS') THEN file_size ELSE 0 END), 0) AS n
     FROM documents WHERE user_id = $1 AND answer_key <> $2`,
    [userId, exceptAnswerKey],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Keeps a document the office asked to be replaced: its row moves to
 * superseded_documents with its files, which stay in storage for the office
 * (decision 044). The caller then inserts the new document.
 */
export async function supersedeDocument(tx: Queryable, id: string, requestId: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO superseded_documents
       (id, user_id, answer_key, request_id, file_name, file_size, upload_key, pdf_key, pdf_size, created_at, superseded_at)
     SELECT id, user_id, answer_key, $2, file_name, file_size, upload_key, pdf_key, pdf_size, created_at, $3
     FROM documents WHERE id = $1`,
    [id, requestId, now],
  );
  await deleteDocumentRow(tx, id, now);
}

/** The documents of these applicants for the checklist: status and last change, by answer key. */
export async function documentStatesOf(db: Queryable, userIds: readonly string[]) {
  const { rows } = await db.query<{ user_id: string; answer_key: string; status: StoredStatus; updated_at: Date }>(
    'SELECT user_id, answer_key, status, updated_at FROM documents WHERE user_id = ANY($1::uuid[])',
    [userIds],
  );
  return rows;
}

/** Documents kept for the office after a requested replacement. */
export async function supersededDocumentsOf(db: Queryable, userId: string) {
  const { rows } = await db.query<{ answer_key: string; file_name: string; superseded_at: Date }>(
    'SELECT answer_key, file_name, superseded_at FROM superseded_documents WHERE user_id = $1 ORDER BY superseded_at',
    [userId],
  );
  return rows;
}
