import type { ApplicationMessagesResponse, ReceivedMessagesResponse } from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UnauthorizedError } from '../../../lib/api-errors';

/** The messages kept on an applicant's record (issue 46): the applicant's own, and the office's view of them. */
export const RECEIVED_MESSAGES_PATH = '/api/messages';
export const receivedMessagesKey = ['messages'] as const;

/** GET /api/messages: what the office sent the applicant. Asked on every visit: a message may have come since. */
export function useReceivedMessages() {
  return useQuery({
    queryKey: receivedMessagesKey,
    queryFn: () => api.get<ReceivedMessagesResponse>(RECEIVED_MESSAGES_PATH),
    refetchOnMount: 'always',
    throwOnError: false,
  });
}

export const applicationMessagesPath = (userId: string) =>
  `/api/staff/applications/${encodeURIComponent(userId)}/messages`;

/**
 * GET /api/staff/applications/{id}/messages: the messages sent to this application, and the automatic e-mails sent to
 * its address, on its page in the console.
 */
export function useApplicationMessages(userId: string) {
  return useQuery({
    queryKey: ['staff', 'application', userId, 'messages'],
    queryFn: () => api.get<ApplicationMessagesResponse>(applicationMessagesPath(userId)),
    throwOnError: (error: Error) => !(error instanceof UnauthorizedError) && !('status' in error),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
