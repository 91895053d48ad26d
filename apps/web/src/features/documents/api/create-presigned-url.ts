import { PRESIGNED_URL_PATH, type PresignedUrlBody, type PresignedUrlResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';

/** POST /api/presigned-url: where and how to upload the file for one question. */
export function createPresignedUrl(body: PresignedUrlBody): Promise<PresignedUrlResponse> {
  return api.post<PresignedUrlResponse>(PRESIGNED_URL_PATH, body);
}
