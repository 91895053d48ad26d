import {
  RECOMMENDATION_UPLOAD_FORM_PATH,
  type PresignedUrlResponse,
  type RecommendationTokenBody,
} from '@admissions/domain';
import { api } from '../../../lib/api-client';

/** POST /public/recommendation/upload-form: where and how to upload the letter file. */
export function createLetterUploadForm(body: RecommendationTokenBody): Promise<PresignedUrlResponse> {
  return api.post<PresignedUrlResponse>(RECOMMENDATION_UPLOAD_FORM_PATH, body);
}
