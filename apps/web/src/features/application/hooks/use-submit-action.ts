import { deriveWebStatus, hasValidationErrors } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSaveValidations } from '../api/validations-api';
import { useSaveWebStatus } from '../api/web-status-api';
import { useSubmitApplication } from '../api/submit-api';
import { DEFAULT_FORM_PATH } from '../form-pages';
import { useApplicationForm, useApplicationVisit } from '../state/application-state-context';
import { incompleteErrors } from '../state/handled-errors';
import { addWebStatusLocally, readProfile } from '../state/profile-cache';
import { useSendVisitorToSignup } from './use-send-visitor-to-signup';

/**
 * The Submit button (SPEC section 4). A visitor goes to /signup with the
 * answers. Logged in: save the answers; started becomes validating (locally
 * and posted); validate. No errors: submit (the server validates again and
 * decides), post 'submitted', set it locally and go to /completion with the
 * success message. Errors, the browser's or the server's: post them, go to
 * the default page and move focus to the summary. Rejects with any other
 * failure, for the button's error dialog.
 */
export function useSubmitAction(): () => Promise<void> {
  const { snapshot } = useApplicationVisit();
  const { saveAnswers, setWebStatus, validate, showServerErrors, requestSummaryFocus, setCompletionMessage } =
    useApplicationForm();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sendToSignup = useSendVisitorToSignup();
  const { mutateAsync: saveValidations } = useSaveValidations();
  const { mutateAsync: submit } = useSubmitApplication();
  const { mutateAsync: postWebStatus } = useSaveWebStatus();

  const showErrors = useCallback(() => {
    if (pathname !== DEFAULT_FORM_PATH) void navigate(DEFAULT_FORM_PATH);
    requestSummaryFocus(DEFAULT_FORM_PATH);
  }, [pathname, navigate, requestSummaryFocus]);

  return useCallback(async () => {
    if (!snapshot.is_logged_in) {
      sendToSignup();
      return;
    }
    await saveAnswers();
    const status = deriveWebStatus(readProfile(queryClient)?.web_status ?? []);
    if (status === 'none') await setWebStatus('started');
    if (status === 'none' || status === 'started') await setWebStatus('validating');

    const errors = validate();
    if (hasValidationErrors(errors)) {
      await saveValidations({ errors });
      showErrors();
      return;
    }

    let message: string;
    try {
      ({ message } = await submit());
    } catch (error) {
      const serverErrors = incompleteErrors(error);
      if (!serverErrors) throw error;
      showServerErrors(serverErrors);
      showErrors();
      return;
    }
    // The server recorded the submission with the submit itself; this post only mirrors the status.
    await postWebStatus({ web_status: 'submitted' }).catch(() => {});
    setCompletionMessage(message);
    addWebStatusLocally(queryClient, 'submitted');
  }, [
    snapshot.is_logged_in,
    sendToSignup,
    saveAnswers,
    queryClient,
    setWebStatus,
    validate,
    saveValidations,
    showErrors,
    submit,
    showServerErrors,
    postWebStatus,
    setCompletionMessage,
  ]);
}
