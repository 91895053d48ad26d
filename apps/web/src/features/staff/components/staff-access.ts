import type { StaffMeResponse, StaffRight } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Who the console is talking to, once StaffGate has let them in: their roles,
 * program limits and rights (GET /api/staff/me). The console shows what the
 * rights allow; the server checks every call anyway.
 */
export function useStaffAccess(): StaffMeResponse {
  const me = useQueryClient().getQueryData<StaffMeResponse>(['staff', 'me']);
  if (!me) throw new Error('useStaffAccess is used outside StaffGate');
  return me;
}

export const hasRight = (me: Pick<StaffMeResponse, 'rights'>, right: StaffRight) => me.rights.includes(right);
