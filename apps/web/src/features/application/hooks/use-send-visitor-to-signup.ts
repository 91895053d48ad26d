import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { NavigationState } from '../../../lib/navigation-state';
import { useApplicationAnswers } from '../state/application-state-context';
import { nonEmptyAnswers } from '../state/answers-store';

/** SPEC section 2: a visitor who navigates, saves or submits goes to /signup with the current answers. */
export function useSendVisitorToSignup(): () => void {
  const { answers, hasAnswers } = useApplicationAnswers();
  const navigate = useNavigate();
  return useCallback(() => {
    const state: NavigationState | undefined = hasAnswers ? { answers: nonEmptyAnswers(answers) } : undefined;
    void navigate('/signup', { state });
  }, [answers, hasAnswers, navigate]);
}
