import type { DerivedWebStatus } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSaveLastPage } from '../api/last-page-api';
import { isStepPath } from '../form-pages';
import { isSubmittedConflict } from './handled-errors';
import { refetchProfile, setLastPageLocally } from './profile-cache';

interface TrackingInputs {
  ready: boolean;
  isLoggedIn: boolean;
  webStatus: DerivedWebStatus;
  lastPage: string | null;
  markPageChanged: () => void;
  flush: () => Promise<void>;
  onSaveError: (error: unknown) => void;
}

/**
 * On every move between pages (steps, summary links, browser history): the
 * student has changed page, unsaved edits are saved, and while the status is
 * started or validating the new page is saved as the last page (SPEC section 4).
 */
export function usePageTracking({
  ready,
  isLoggedIn,
  webStatus,
  lastPage,
  markPageChanged,
  flush,
  onSaveError,
}: TrackingInputs) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { mutate: saveLastPage } = useSaveLastPage();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    if (!ready) return;
    if (previous.current !== null && previous.current !== pathname) {
      markPageChanged();
      flush().catch(onSaveError);
    }
    previous.current = pathname;
  }, [ready, pathname, markPageChanged, flush, onSaveError]);

  const tracks = ready && isLoggedIn && (webStatus === 'started' || webStatus === 'validating');
  useEffect(() => {
    if (!tracks || !isStepPath(pathname) || pathname === lastPage) return;
    setLastPageLocally(queryClient, pathname);
    saveLastPage(
      { last_page: pathname },
      {
        onError: (error) => {
          if (isSubmittedConflict(error)) void refetchProfile(queryClient);
        },
      },
    );
  }, [tracks, pathname, lastPage, queryClient, saveLastPage]);
}
