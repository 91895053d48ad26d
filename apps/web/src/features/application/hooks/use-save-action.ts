import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useApplicationAnswers, useApplicationForm, useApplicationVisit } from '../state/application-state-context';
import { useSendVisitorToSignup } from './use-send-visitor-to-signup';

export const SAVED_MESSAGE = 'Your answers have been saved.';

/**
 * The Save button (SPEC section 4). Logged in: save the answers and
 * validate (the errors are posted while validating). A visitor goes to
 * /signup when there are answers, else to the target route. Rejects with
 * the failing call's error, for the button's error dialog.
 */
export function useSaveAction(): (target: string) => Promise<void> {
  const { snapshot } = useApplicationVisit();
  const { hasAnswers } = useApplicationAnswers();
  const { saveAnswers, saveValidations } = useApplicationForm();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sendToSignup = useSendVisitorToSignup();
  const { showToast } = useToast();

  return useCallback(
    async (target) => {
      if (!snapshot.is_logged_in) {
        if (hasAnswers) sendToSignup();
        else if (target !== pathname) void navigate(target);
        return;
      }
      await saveAnswers();
      await saveValidations();
      showToast({ title: 'Saved', description: SAVED_MESSAGE, severity: 'success' });
    },
    [snapshot.is_logged_in, hasAnswers, sendToSignup, navigate, pathname, saveAnswers, saveValidations, showToast],
  );
}
