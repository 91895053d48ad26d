import type { DocumentAnswer, ProfileResponse } from '@admissions/domain';
import type { QueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '../../../shared/session/api/profile-api';

/**
 * The cached profile is the client's one copy of the server's state (decision
 * 006): its document_answer feeds every upload widget, the validation and the
 * tab guard. These keep it in step with the document calls.
 */
function updateProfile(queryClient: QueryClient, update: (profile: ProfileResponse) => ProfileResponse): void {
  queryClient.setQueryData<ProfileResponse>(profileQueryKey, (profile) => (profile ? update(profile) : profile));
}

export function readDocuments(queryClient: QueryClient): Readonly<Record<string, DocumentAnswer>> {
  return queryClient.getQueryData<ProfileResponse>(profileQueryKey)?.document_answer ?? {};
}

/** The server's list of documents (GET /api/document-answer) replaces the cached one. */
export function setDocumentsLocally(queryClient: QueryClient, documents: Record<string, DocumentAnswer>): void {
  updateProfile(queryClient, (profile) => ({ ...profile, document_answer: documents }));
}

/**
 * A document is gone (deleted, or its conversion failed): the server has
 * cleared the question's answer too, so the answer is '' here as well.
 */
export function forgetDocumentLocally(queryClient: QueryClient, key: string): void {
  updateProfile(queryClient, (profile) => {
    const { [key]: _gone, ...rest } = profile.document_answer;
    return { ...profile, document_answer: rest, answer: { ...profile.answer, [key]: '' } };
  });
}
