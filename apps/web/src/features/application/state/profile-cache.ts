import type { Answers, ProfileResponse, WebStatus } from '@admissions/domain';
import type { QueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '../../../shared/session/api/profile-api';

/**
 * The cached profile is the client's copy of the server's state. What the
 * client sets "locally" (SPEC section 4) is written here, so every reader
 * sees the same snapshot before and after the server confirms it.
 */
function updateProfile(queryClient: QueryClient, update: (profile: ProfileResponse) => ProfileResponse): void {
  queryClient.setQueryData<ProfileResponse>(profileQueryKey, (profile) => (profile ? update(profile) : profile));
}

export function readProfile(queryClient: QueryClient): ProfileResponse | undefined {
  return queryClient.getQueryData<ProfileResponse>(profileQueryKey);
}

/** Adds a status to the list deriveWebStatus counts (once). */
export function addWebStatusLocally(queryClient: QueryClient, status: WebStatus): void {
  updateProfile(queryClient, (profile) =>
    profile.web_status.some((entry) => entry.web_status === status)
      ? profile
      : { ...profile, web_status: [...profile.web_status, { web_status: status }] },
  );
}

export function mergeAnswersLocally(queryClient: QueryClient, answers: Answers): void {
  updateProfile(queryClient, (profile) => ({ ...profile, answer: { ...profile.answer, ...answers } }));
}

export function setLastPageLocally(queryClient: QueryClient, lastPage: string): void {
  updateProfile(queryClient, (profile) => ({ ...profile, last_page: lastPage }));
}

export function refetchProfile(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: profileQueryKey });
}
