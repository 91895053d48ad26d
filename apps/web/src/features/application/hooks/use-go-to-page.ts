import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { userMessage } from '../../../lib/api-errors';
import { useApplicationAnswers, useApplicationForm, useApplicationVisit } from '../state/application-state-context';
import { isHandledElsewhere } from '../state/handled-errors';
import { useSendVisitorToSignup } from './use-send-visitor-to-signup';

interface GoOptions {
  /** Replace the history entry (the step navigation does, SPEC section 2). */
  replace?: boolean;
}

/**
 * Moving to another form page (step navigation, Back and Continue buttons;
 * SPEC sections 2 and 4). A visitor who has entered any answer goes to
 * /signup with the answers instead. A logged-in applicant's answers and
 * validations are saved on the way, and the move counts as changing page.
 */
export function useGoToPage(): (to: string, options?: GoOptions) => Promise<void> {
  const { snapshot } = useApplicationVisit();
  const { hasAnswers } = useApplicationAnswers();
  const { markPageChanged, saveAnswers, saveValidations } = useApplicationForm();
  const navigate = useNavigate();
  const sendToSignup = useSendVisitorToSignup();
  const { showToast } = useToast();

  return useCallback(
    async (to, { replace = false } = {}) => {
      if (!snapshot.is_logged_in) {
        if (hasAnswers) sendToSignup();
        else void navigate(to, { replace });
        return;
      }
      markPageChanged();
      try {
        await Promise.all([saveAnswers(), saveValidations()]);
      } catch (error) {
        // A 401 is on its way to /login; after a 409 the redirect rules take over.
        if (isHandledElsewhere(error)) return;
        // The edits stay in memory and are saved again later: the move goes ahead.
        const screen = new URL(to, 'http://x').pathname;
        showToast({
          id: 'answers-save-error',
          title: 'Save Error',
          description: userMessage(error),
          severity: 'error',
          screen,
        });
      }
      void navigate(to, { replace });
    },
    [
      snapshot.is_logged_in,
      hasAnswers,
      sendToSignup,
      navigate,
      markPageChanged,
      saveAnswers,
      saveValidations,
      showToast,
    ],
  );
}
