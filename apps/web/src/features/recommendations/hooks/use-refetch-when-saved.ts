import type { RecommenderPrefix } from '@admissions/domain';
import { useEffect, useRef } from 'react';
import { useProfile } from '../../../shared/session/api/profile-api';

/** The answers the server checks before it sends a request (`can_request`). */
const CHECKED_PARTS = ['first_name', 'last_name', 'email'] as const;

/**
 * The status is the server's view of the saved answers: once a save (the
 * Save button, a pause in typing) has changed this recommender's name or
 * e-mail, ask for it again. Saves are merged into the cached profile, so its
 * answers are the saved ones.
 */
export function useRefetchWhenSaved(prefix: RecommenderPrefix, refetch: () => unknown): void {
  const saved = useProfile().data?.answer;
  const signature = CHECKED_PARTS.map((part) => saved?.[`${prefix}${part}`] ?? '').join('\n');
  const seen = useRef(signature);
  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    refetch();
  }, [signature, refetch]);
}
