import { randomUUID } from 'node:crypto';
import {
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  type PresignedUrlResponse,
  type RecommendationLetterFileBody,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { HOUR } from '../../infra/time-units';
import { MAX_UPLOAD_FORM_SECONDS } from '../../infra/storage/storage';
import {
  CONVERSION_QUEUE,
  type Log,
  checkUploadedFile,
  letterFolder,
  newLetterUploadKey,
  removeFiles,
} from '../documents';
import { LETTER_TARGET } from './letter-conversion';
import { openRequest } from './letter-link';
import { fileOnItsWay } from './recommendation-repository';

/** Upload forms a link may ask for in an hour: several tries, never a file store. */
export const LETTER_UPLOADS_PER_HOUR = 10;

/** POST /public/recommendation/upload-form: a form to upload one letter for the link's request. */
export async function createLetterUploadForm(deps: AppDeps, token: string): Promise<PresignedUrlResponse> {
  const now = deps.clock.now();
  const key = await deps.db.transaction(async (tx) => {
    const request = await openRequest(tx, token, now, true);
    if (fileOnItsWay(request.file_status)) throw new AppError('CONVERSION_IN_PROGRESS');
    const { rows } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM letter_uploads WHERE request_id = $1 AND created_at > $2',
      [request.id, new Date(now.getTime() - HOUR)],
    );
    if ((rows[0]?.n ?? 0) >= LETTER_UPLOADS_PER_HOUR) {
      throw new AppError('UPLOAD_QUOTA_EXCEEDED', { message: FILE_MESSAGES.quotaUploads, retryAfterSeconds: 3600 });
    }
    const uploadKey = newLetterUploadKey(request.id);
    await tx.query('INSERT INTO letter_uploads (upload_key, request_id, created_at) VALUES ($1, $2, $3)', [
      uploadKey,
      request.id,
      now,
    ]);
    return uploadKey;
  });
  return deps.storage.createUploadForm({
    key,
    minBytes: 1,
    maxBytes: FILE_MAX_BYTES,
    expiresInSeconds: MAX_UPLOAD_FORM_SECONDS,
    sessionless: true,
  });
}

/**
 * POST /public/recommendation/letter-file: checks the uploaded letter as an
 * applicant's document is checked, and queues its conversion. The letter
 * arrives when the conversion succeeds; a refused or failed file leaves the
 * request waiting, so the recommender can try another.
 */
export async function startLetterConversion(
  deps: AppDeps,
  { token, file_key, file_name }: RecommendationLetterFileBody,
  log: Log,
): Promise<void> {
  const request = await openRequest(deps.db, token, deps.clock.now());
  if (!file_key.startsWith(letterFolder(request.id)) || file_key.includes('..')) throw new AppError('NOT_FOUND');
  const grant = await deps.db.query(
    'SELECT 1 FROM letter_uploads WHERE upload_key = $1 AND request_id = $2 AND used_at IS NULL',
    [file_key, request.id],
  );
  if (grant.rows.length !== 1) throw new AppError('NOT_FOUND');
  const size = await checkUploadedFile(deps, file_key, file_name, 'letter_file', log);

  const fileId = randomUUID();
  const now = deps.clock.now();
  let replaced: (string | null)[];
  try {
    replaced = await deps.db.transaction(async (tx) => {
      const locked = await openRequest(tx, token, now, true);
      if (fileOnItsWay(locked.file_status)) throw new AppError('CONVERSION_IN_PROGRESS');
      const taken = await tx.query(
        'UPDATE letter_uploads SET used_at = $3 WHERE upload_key = $1 AND request_id = $2 AND used_at IS NULL',
        [file_key, locked.id, now],
      );
      if (taken.rowCount !== 1) throw new AppError('NOT_FOUND');
      await tx.query(
        `UPDATE recommendation_requests
         SET file_id = $2, upload_key = $3, file_name = $4, file_size = $5, file_status = 'UNPROCESSED',
             file_message = '', pdf_key = NULL, pdf_size = NULL, updated_at = $6
         WHERE id = $1`,
        [locked.id, fileId, file_key, file_name, size, now],
      );
      // A failed earlier try leaves nothing behind.
      return [locked.upload_key, locked.pdf_key];
    });
  } catch (err) {
    await removeFiles(deps.storage, [file_key], log);
    throw err;
  }
  await removeFiles(
    deps.storage,
    replaced.filter((k) => k !== file_key),
    log,
  );
  try {
    await deps.jobs.send(CONVERSION_QUEUE, { documentId: fileId, target: LETTER_TARGET }, { id: fileId });
  } catch (err) {
    log.error({ err }, 'could not queue a letter conversion');
    await deps.db.query(
      `UPDATE recommendation_requests SET file_status = 'FAILED', file_message = $2, updated_at = $3 WHERE file_id = $1`,
      [fileId, FILE_MESSAGES.conversionFailed, deps.clock.now()],
    );
    await removeFiles(deps.storage, [file_key], log);
  }
}
