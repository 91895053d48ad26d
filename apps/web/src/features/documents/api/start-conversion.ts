import { documentConversionPath, type DocumentStatusResponse, type StartConversionBody } from '@admissions/domain';
import { api } from '../../../lib/api-client';

/** POST /api/pdf/document-answer/{key}: convert the uploaded file; answers the first status. */
export function startConversion(key: string, body: StartConversionBody): Promise<DocumentStatusResponse> {
  return api.post<DocumentStatusResponse>(documentConversionPath(key), body);
}
