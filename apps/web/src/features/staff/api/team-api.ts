import type { TeamMemberInput, TeamResponse } from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enc, showErrorInPage } from './staff-query';

/** The office's team (administrators): GET/POST /api/staff/team, PUT/DELETE /api/staff/team/{email}. */
export const TEAM_KEY = ['staff', 'team'] as const;

export function useTeam() {
  return useQuery({ queryKey: TEAM_KEY, queryFn: () => api.get<TeamResponse>('/api/staff/team'), ...showErrorInPage });
}

export const inviteMember = (input: TeamMemberInput) => api.post<unknown>('/api/staff/team', input);

/** A change with an empty name keeps the member unnamed (members invited before names were asked for). */
export const changeMember = (input: TeamMemberInput) =>
  api.put<unknown>(`/api/staff/team/${enc(input.email)}`, {
    ...(input.name.trim() ? { name: input.name.trim() } : {}),
    roles: input.roles,
    programs: input.programs,
  });

export const removeMember = (email: string) => api.delete<unknown>(`/api/staff/team/${enc(email)}`);

/** The member sets up a second factor again at their next password sign-in (issue 44); it may ask a fresh sign-in. */
export const resetSecondFactor = (email: string) => api.post<unknown>(`/api/staff/team/${enc(email)}/mfa-reset`);
