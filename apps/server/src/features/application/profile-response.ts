import type { ProfileResponse } from '@admissions/domain';
import type { Session } from '../../session/session-store';
import type { ProfileRows } from './profile-repository';

/** GET /api/profile's body (SPEC section 3), from the profile and its live session. */
export function profileResponse(row: ProfileRows, session: Session, isStaff: boolean): ProfileResponse {
  return {
    answer: row.answers,
    document_answer: row.documentAnswer,
    username: session.username,
    last_page: row.lastPage,
    successful_login: row.logins.map((d) => d.toISOString()),
    web_status: row.webStatuses.map((web_status) => ({ web_status })),
    ...(isStaff ? { is_staff: true } : {}),
    ...(row.keptBasis ? { kept_basis: row.keptBasis } : {}),
  };
}
