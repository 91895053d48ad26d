import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/**
 * The stop of news e-mails by its signed link (issue 46, decision 066): `/public/messages/unsubscribe?token=…`, no
 * login. A GET says whether the account has stopped news already and changes nothing; a POST stops it. The same
 * route takes a mail client's one-click POST (RFC 8058).
 */
export const NEWS_UNSUBSCRIBE_PATH = '/public/messages/unsubscribe';

export interface NewsUnsubscribeAnswer {
  unsubscribed: boolean;
  message: string;
}

const pathOf = (token: string) => `${NEWS_UNSUBSCRIBE_PATH}?${new URLSearchParams({ token })}`;

/** GET: whether the link's account gets news still (a bad link: 400 UNSUBSCRIBE_LINK_INVALID, its message). */
export function useNewsSubscription(token: string) {
  return useQuery({
    queryKey: ['news-unsubscribe', token],
    queryFn: () => api.get<NewsUnsubscribeAnswer>(pathOf(token)),
    enabled: token !== '',
    retry: false,
    throwOnError: false,
    staleTime: Infinity,
  });
}

/** POST: no more news for the link's account. */
export function useStopNews(token: string) {
  return useMutation({ mutationFn: () => api.post<NewsUnsubscribeAnswer>(pathOf(token)) });
}
