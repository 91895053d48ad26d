import type {
  Note,
  NotesResponse,
  ReviewInput,
  ReviewsResponse,
  ServiceTokenCreated,
  StaffApplicationDetail,
} from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { createPrintToken } from './staff-api';
import { enc, showErrorInPage, useStaffGet } from './staff-query';

/** One application's review, notes and print link, for the review screen. */
export const reviewsKey = (userId: string) => ['staff', 'reviews', userId] as const;
export const notesKey = (userId: string) => ['staff', 'notes', userId] as const;

/** The application's facts (the detail call), its refusal (404 outside the member's programs) shown in the page. */
export function useReviewDetail(userId: string) {
  return useStaffGet<StaffApplicationDetail>(
    ['staff', 'application', userId],
    `/api/staff/applications/${enc(userId)}`,
  );
}

export function useReviews(userId: string) {
  return useStaffGet<ReviewsResponse>(reviewsKey(userId), `/api/staff/applications/${enc(userId)}/reviews`);
}

export const saveReview = (userId: string, input: ReviewInput) =>
  api.put<unknown>(`/api/staff/applications/${enc(userId)}/review`, input);

export function useNotes(userId: string) {
  return useStaffGet<NotesResponse>(notesKey(userId), `/api/staff/applications/${enc(userId)}/notes`);
}

export const addNote = (userId: string, text: string) =>
  api.post<Note>(`/api/staff/applications/${enc(userId)}/notes`, { text });

/**
 * A print link for the print view beside the review form: one for the visit
 * (a link lives 30 minutes; kept 20 so the view never reads a dead one).
 */
export function usePrintLink(userId: string) {
  return useQuery<ServiceTokenCreated>({
    queryKey: ['staff', 'print-link', userId],
    queryFn: () => createPrintToken(userId),
    staleTime: 20 * 60_000,
    gcTime: 20 * 60_000,
    refetchOnMount: true,
    throwOnError: showErrorInPage.throwOnError,
  });
}
