import { deriveWebStatus, type DerivedWebStatus, type ProfileResponse } from '@admissions/domain';

/** SPEC section 3: what the browser knows about the student and this visit. */
export interface ClientSnapshot {
  readonly username: string;
  readonly last_page: string | null;
  /** Count of successful logins, at least 1. */
  readonly num_logins: number;
  readonly is_logged_in: boolean;
  readonly is_service_user: boolean;
  /** Whether the student has moved to another page during this visit. */
  readonly has_changed_page: boolean;
  readonly web_status: DerivedWebStatus;
}

interface VisitFlags {
  isLoggedIn: boolean;
  isServiceUser: boolean;
  hasChangedPage: boolean;
}

export function buildClientSnapshot(profile: ProfileResponse | undefined, flags: VisitFlags): ClientSnapshot {
  return {
    username: profile?.username ?? '',
    last_page: profile?.last_page ?? null,
    num_logins: Math.max(1, profile?.successful_login.length ?? 0),
    is_logged_in: flags.isLoggedIn,
    is_service_user: flags.isServiceUser,
    has_changed_page: flags.hasChangedPage,
    web_status: flags.isLoggedIn && profile ? deriveWebStatus(profile.web_status) : 'none',
  };
}
