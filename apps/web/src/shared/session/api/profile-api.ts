import type { ProfileResponse } from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIsLoggedIn } from '../hooks/use-is-logged-in';

export const profileQueryKey = ['profile'] as const;

export function getProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>('/api/profile');
}

/** The student's profile; asked for only while logged in (SPEC section 4). */
export function useProfile() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile, enabled: isLoggedIn });
}
