import { documentConversionPath, type DocumentDeletedResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';

/** DELETE /api/pdf/document-answer/{key}: forget a conversion (after an upload error). */
export function deleteConversion(key: string): Promise<DocumentDeletedResponse> {
  return api.delete<DocumentDeletedResponse>(documentConversionPath(key));
}
