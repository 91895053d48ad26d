import { deriveWebStatus, type ProfileResponse, type WebStatus } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSaveWebStatus } from '../api/web-status-api';
import { addWebStatusLocally } from './profile-cache';

/**
 * SPEC section 4: a status is set locally (the cached profile) and posted.
 * A logged-in applicant without a status gets 'started', once per visit.
 */
export function useWebStatus(profile: ProfileResponse | undefined, isLoggedIn: boolean) {
  const queryClient = useQueryClient();
  const { mutateAsync } = useSaveWebStatus();

  const setWebStatus = useCallback(
    async (status: WebStatus) => {
      addWebStatusLocally(queryClient, status);
      await mutateAsync({ web_status: status });
    },
    [queryClient, mutateAsync],
  );

  const started = useRef(false);
  const hasNone = isLoggedIn && profile !== undefined && deriveWebStatus(profile.web_status) === 'none';
  useEffect(() => {
    if (!hasNone || started.current) return;
    started.current = true;
    // Retried by the mutation; if every try fails the page still works and the next visit tries again.
    setWebStatus('started').catch(() => {});
  }, [hasNone, setWebStatus]);

  return setWebStatus;
}
