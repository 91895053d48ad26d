import { FILE_MAX_BYTES, FILE_MESSAGES, type PresignedUrlResponse } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { HOUR } from '../../infra/time-units';
import { MAX_UPLOAD_FORM_SECONDS } from '../../infra/storage/storage';
import type { FormContext } from '../../core/form-context';
import { newUploadKey } from './document-keys';
import { recordUploadForm, storedBytes, uploadsSince } from './documents-repository';
import { fileQuestions } from './file-questions';
import { lockUnsubmitted } from './submitted-guard';

export function assertFileQuestion(ctx: FormContext, answerKey: string): void {
  if (!fileQuestions(ctx.form).has(answerKey)) throw new AppError('NOT_A_FILE_QUESTION');
}

/**
 * POST /api/presigned-url: a form to upload one file for one question, under
 * a key the server makes. Counts toward the uploads-per-hour quota, and is
 * refused once the applicant's stored bytes reach theirs.
 */
export async function createUploadForm(
  deps: AppDeps,
  ctx: FormContext,
  userId: string,
  answerKey: string,
): Promise<PresignedUrlResponse> {
  assertFileQuestion(ctx, answerKey);
  const { uploadsPerHour, quotaBytes } = deps.config.documents;
  const now = deps.clock.now();
  const key = newUploadKey(userId, answerKey);
  await deps.db.transaction(async (tx) => {
    await lockUnsubmitted(tx, userId, answerKey);
    if ((await uploadsSince(tx, userId, new Date(now.getTime() - HOUR))) >= uploadsPerHour) {
      throw new AppError('UPLOAD_QUOTA_EXCEEDED', { message: FILE_MESSAGES.quotaUploads, retryAfterSeconds: 3600 });
    }
    if ((await storedBytes(tx, userId, answerKey)) >= quotaBytes) {
      throw new AppError('UPLOAD_QUOTA_EXCEEDED', { message: FILE_MESSAGES.quotaBytes });
    }
    await recordUploadForm(tx, key, userId, answerKey, now);
  });
  return deps.storage.createUploadForm({
    key,
    minBytes: 1,
    maxBytes: FILE_MAX_BYTES,
    expiresInSeconds: MAX_UPLOAD_FORM_SECONDS,
  });
}
