import type {
  MessageCategory,
  MessagePreview,
  MessageRecipientsResponse,
  MessageSegment,
  StaffMessage,
  StaffMessagesResponse,
} from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UnauthorizedError } from '../../../lib/api-errors';
import { useMutation } from '../../../lib/use-mutation';

/**
 * The office's messages to groups of applicants (issue 46, decision 066), for members with the `message` right:
 * drafts written, previewed, tested, sent (or scheduled) with the count of recipients typed back, and stopped.
 */
const enc = encodeURIComponent;
export const STAFF_MESSAGES_PATH = '/api/staff/messages';
const messagePath = (id: string) => `${STAFF_MESSAGES_PATH}/${enc(id)}`;

export const staffMessagesKey = ['staff', 'messages'] as const;
const recipientsKey = (id: string) => [...staffMessagesKey, id, 'recipients'] as const;

/** While a message is sending, the list is asked again this often, so its progress moves on screen. */
export const SENDING_REFRESH_MS = 2000;

/** A refusal (403 without the right) is shown in the page, by its code; a 401 still takes the app to login. */
const refusalInPage = {
  throwOnError: (error: Error) => !(error instanceof UnauthorizedError) && !('status' in error),
  staleTime: 0,
  refetchOnMount: 'always' as const,
};

/** GET /api/staff/messages: every message, refreshed while one of them is sending. */
export function useStaffMessages() {
  return useQuery({
    queryKey: staffMessagesKey,
    queryFn: () => api.get<StaffMessagesResponse>(STAFF_MESSAGES_PATH),
    refetchInterval: (query) =>
      query.state.data?.messages.some((m) => m.state === 'sending') ? SENDING_REFRESH_MS : false,
    ...refusalInPage,
  });
}

/** GET /api/staff/messages/{id}/recipients?limit=20: who would receive the draft (or did), the first `limit`. */
export function useMessageRecipients(id: string | undefined, limit = 20) {
  return useQuery({
    queryKey: [...recipientsKey(id ?? ''), limit],
    queryFn: () => api.get<MessageRecipientsResponse>(`${messagePath(id ?? '')}/recipients?limit=${limit}`),
    enabled: id !== undefined,
    ...refusalInPage,
  });
}

/** What the composer sends: POST /api/staff/messages (a new draft) and PUT /api/staff/messages/{id}. */
export interface MessageDraft {
  name: string;
  segment: MessageSegment;
  subject: string;
  body: string;
  category: MessageCategory;
}

/** A message as the server now tells it: put in the list, and its recipients asked again. */
function useSetMessage() {
  const queryClient = useQueryClient();
  return async (message: StaffMessage) => {
    queryClient.setQueryData<StaffMessagesResponse>(staffMessagesKey, (list) =>
      list
        ? {
            ...list,
            messages: list.messages.some((m) => m.id === message.id)
              ? list.messages.map((m) => (m.id === message.id ? message : m))
              : [message, ...list.messages],
          }
        : list,
    );
    await queryClient.invalidateQueries({ queryKey: recipientsKey(message.id) });
  };
}

/** POST /api/staff/messages, or PUT /api/staff/messages/{id} once the draft exists (drafts only). */
export function useSaveDraft() {
  const setMessage = useSetMessage();
  return useMutation({
    mutationFn: ({ id, draft }: { id?: string; draft: MessageDraft }) =>
      id === undefined
        ? api.post<StaffMessage>(STAFF_MESSAGES_PATH, draft)
        : api.put<StaffMessage>(messagePath(id), draft),
    onSuccess: setMessage,
  });
}

/** DELETE /api/staff/messages/{id}: a draft thrown away. */
export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(messagePath(id)),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<StaffMessagesResponse>(staffMessagesKey, (list) =>
        list ? { ...list, messages: list.messages.filter((m) => m.id !== id) } : list,
      ),
  });
}

/** POST /api/staff/messages/{id}/preview: the message rendered for one recipient (the first one, unless named). */
export function previewMessage(id: string, applicationId?: string): Promise<MessagePreview> {
  return api.post<MessagePreview>(`${messagePath(id)}/preview`, applicationId ? { application_id: applicationId } : {});
}

/** POST /api/staff/messages/{id}/test: the message, marked as a test, to the member's own address. */
export function sendTest(id: string): Promise<unknown> {
  return api.post<unknown>(`${messagePath(id)}/test`);
}

/** POST /api/staff/messages/{id}/send: `confirm_count` typed back; `at` (ISO with its offset) schedules it. */
export function useSendMessage() {
  const setMessage = useSetMessage();
  return useMutation({
    mutationFn: ({ id, confirm_count, at }: { id: string; confirm_count: number; at?: string }) =>
      api.post<StaffMessage>(`${messagePath(id)}/send`, at ? { confirm_count, at } : { confirm_count }),
    onSuccess: setMessage,
  });
}

/** POST /api/staff/messages/{id}/stop: no further mail of it leaves. */
export function useStopMessage() {
  const setMessage = useSetMessage();
  return useMutation({
    mutationFn: (id: string) => api.post<StaffMessage>(`${messagePath(id)}/stop`),
    onSuccess: setMessage,
  });
}
