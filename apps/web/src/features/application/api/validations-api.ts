import type { MessageResponse, ValidationsBody } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/validations: the errors the applicant was shown, kept for staff. */
export function saveValidations(body: ValidationsBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/validations', body);
}

export function useSaveValidations() {
  return useMutation({ mutationFn: saveValidations });
}
