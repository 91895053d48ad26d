import { deriveWebStatus, type DerivedWebStatus, type ProfileResponse } from '@admissions/domain';
import { useMemo } from 'react';

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

/** The parts of the profile the snapshot shows. */
export type SnapshotProfile = Pick<ProfileResponse, 'username' | 'last_page' | 'successful_login' | 'web_status'>;

export function buildClientSnapshot(profile: SnapshotProfile | undefined, flags: VisitFlags): ClientSnapshot {
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

/**
 * The snapshot, built again only when a part of the profile it shows changes: a save of the answers makes
 * a new profile, and must not make a new snapshot (every reader of the visit would re-render for nothing).
 */
export function useClientSnapshot(profile: SnapshotProfile | undefined, flags: VisitFlags): ClientSnapshot {
  const username = profile?.username;
  const lastPage = profile?.last_page;
  const logins = profile?.successful_login;
  const webStatuses = profile?.web_status;
  const { isLoggedIn, isServiceUser, hasChangedPage } = flags;
  return useMemo(
    () =>
      buildClientSnapshot(
        username === undefined || lastPage === undefined || !logins || !webStatuses
          ? undefined
          : { username, last_page: lastPage, successful_login: logins, web_status: webStatuses },
        { isLoggedIn, isServiceUser, hasChangedPage },
      ),
    [username, lastPage, logins, webStatuses, isLoggedIn, isServiceUser, hasChangedPage],
  );
}
