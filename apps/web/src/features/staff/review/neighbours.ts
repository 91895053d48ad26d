import { useLocation } from 'react-router';

/**
 * The list or queue an application was opened from, carried in the
 * navigation's state (kept by the browser's history across a reload), so the
 * review screen can step to the next and previous application of that list.
 */
export interface ReviewOrigin {
  /** The applications in the order shown. */
  ids: string[];
  /** Where "Back" goes: '/staff/queue' or the list with its filters. */
  back: string;
  /** 'queue' or 'list', as the page names it. */
  kind: 'queue' | 'list';
}

export const reviewPath = (userId: string) => `/staff/applications/${encodeURIComponent(userId)}/review`;

export function useReviewOrigin(): ReviewOrigin | undefined {
  const state = useLocation().state as { reviewOrigin?: ReviewOrigin } | null;
  const origin = state?.reviewOrigin;
  return origin && Array.isArray(origin.ids) && typeof origin.back === 'string' ? origin : undefined;
}

export function neighboursOf(origin: ReviewOrigin | undefined, userId: string) {
  const at = origin ? origin.ids.indexOf(userId) : -1;
  return {
    position: at,
    previous: at > 0 ? origin!.ids[at - 1] : undefined,
    next: at >= 0 && origin && at < origin.ids.length - 1 ? origin.ids[at + 1] : undefined,
  };
}
