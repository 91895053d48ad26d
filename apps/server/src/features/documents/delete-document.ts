import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import type { FormContext } from '../../core/form-context';
import { pdfKeyOf } from './document-keys';
import { deleteDocumentRow, lockDocuments, type DocumentRow } from './documents-repository';
import { removeFiles, type Log } from './remove-files';
import { lockUnsubmitted } from './submitted-guard';
import { assertFileQuestion } from './upload-form';

/** Every object a document may have in storage, including a PDF a running conversion may still write. */
export const filesOf = (doc: DocumentRow) => [
  doc.upload_key,
  doc.pdf_key,
  pdfKeyOf(doc.user_id, doc.answer_key, doc.id),
];

/** Deletes the rows of these documents in the caller's transaction; returns the files to remove after commit. */
export async function deleteDocumentRows(tx: Queryable, docs: readonly DocumentRow[]): Promise<string[]> {
  for (const doc of docs) await deleteDocumentRow(tx, doc.id);
  return docs.flatMap(filesOf).filter((k): k is string => !!k);
}

/**
 * DELETE /api/document-answer/{key} and DELETE /api/pdf/document-answer/{key}:
 * the document of the question goes, with its upload and its converted PDF, in
 * whatever state it is. Deleting nothing is not an error.
 */
export async function deleteDocument(
  deps: AppDeps,
  ctx: FormContext,
  userId: string,
  answerKey: string,
  log: Log,
): Promise<void> {
  assertFileQuestion(ctx, answerKey);
  const files = await deps.db.transaction(async (tx) => {
    await lockUnsubmitted(tx, userId);
    return deleteDocumentRows(tx, await lockDocuments(tx, userId, [answerKey]));
  });
  await removeFiles(deps.storage, files, log);
}
