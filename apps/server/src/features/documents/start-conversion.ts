import { randomUUID } from 'node:crypto';
import { FILE_MESSAGES, type StartConversionBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { FormContext } from '../../core/form-context';
import { attachRequestDocument } from '../../core/office-requests';
import { checkUploadedFile } from './check-uploaded-file';
import { CONVERSION_QUEUE } from './conversion-queue';
import { documentFolder } from './document-keys';
import {
  deleteDocumentRow,
  findDocument,
  insertDocument,
  markFailed,
  storedBytes,
  supersedeDocument,
  takeUpload,
} from './documents-repository';
import { removeFiles, type Log } from './remove-files';
import { lockUnsubmitted } from './submitted-guard';
import { assertFileQuestion } from './upload-form';

/**
 * POST /api/pdf/document-answer/{key}: checks the uploaded object (its key was
 * made for this applicant and question; its size, name and first bytes obey
 * the file rules), replaces the question's previous document, and queues the
 * conversion. A refused file is removed from storage at once.
 */
export async function startConversion(
  deps: AppDeps,
  ctx: FormContext,
  userId: string,
  answerKey: string,
  { file_key, file_name }: StartConversionBody,
  log: Log,
): Promise<{ documentId: string }> {
  assertFileQuestion(ctx, answerKey);
  // Only keys this server made for this applicant and question are ever read.
  if (!file_key.startsWith(documentFolder(userId, answerKey)) || file_key.includes('..'))
    throw new AppError('NOT_FOUND');
  const grant = await deps.db.query(
    'SELECT 1 FROM document_uploads WHERE upload_key = $1 AND user_id = $2 AND used_at IS NULL',
    [file_key, userId],
  );
  if (grant.rows.length !== 1) throw new AppError('NOT_FOUND');

  const size = await checkUploadedFile(deps, file_key, file_name, answerKey, log);

  const documentId = randomUUID();
  const now = deps.clock.now();
  let replaced: string[] = [];
  try {
    replaced = await deps.db.transaction(async (tx) => {
      const request = await lockUnsubmitted(tx, userId, answerKey);
      if (!(await takeUpload(tx, file_key, userId, answerKey, now))) throw new AppError('NOT_FOUND');
      if ((await storedBytes(tx, userId, answerKey)) + size > deps.config.documents.quotaBytes) {
        throw new AppError('UPLOAD_QUOTA_EXCEEDED', { message: FILE_MESSAGES.quotaBytes });
      }
      const previous = await findDocument(tx, userId, answerKey);
      // The document the office asked to replace is kept for it; a retry of the requested upload is not.
      const keep = previous && request && previous.id !== request.document_id;
      if (previous && keep) await supersedeDocument(tx, previous.id, request.id, now);
      else if (previous) await deleteDocumentRow(tx, previous.id);
      await insertDocument(
        tx,
        { id: documentId, userId, answerKey, uploadKey: file_key, fileName: file_name, fileSize: size },
        now,
      );
      if (request) await attachRequestDocument(tx, request.id, documentId);
      return previous && !keep ? [previous.upload_key, previous.pdf_key ?? ''] : [];
    });
  } catch (err) {
    if (err instanceof AppError && err.code !== 'APPLICATION_SUBMITTED')
      await removeFiles(deps.storage, [file_key], log);
    throw err;
  }
  await removeFiles(deps.storage, replaced, log);
  try {
    // The document's id is the job's id: sending twice queues one job.
    await deps.jobs.send(CONVERSION_QUEUE, { documentId }, { id: documentId });
  } catch (err) {
    log.error({ err }, 'could not queue a document conversion');
    await markFailed(deps.db, documentId, FILE_MESSAGES.conversionFailed, deps.clock.now());
    await removeFiles(deps.storage, [file_key], log);
  }
  return { documentId };
}
