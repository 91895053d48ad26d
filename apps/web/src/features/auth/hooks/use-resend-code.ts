import { ACCOUNT_MESSAGES, isValidEmail, type MessageResponse } from '@admissions/domain';
import { useResendConfirm } from '../api/account-api';
import { useErrorToast } from './use-error-toast';

interface FormWithUsername {
  values: { username: string };
  setFieldError(name: 'username', message: string): void;
}

/**
 * The resend-confirmation-code action of the login and confirm screens: it
 * uses the address typed in the form (SPEC section 5) and reports failures
 * in a 'Resend Confirmation Code Error' toast; each screen decides what
 * success means.
 */
export function useResendCode(form: FormWithUsername, onSent: (sent: MessageResponse & { username: string }) => void) {
  const resend = useResendConfirm();
  const showResendError = useErrorToast('Resend Confirmation Code Error');
  const onResend = () => {
    const { username } = form.values;
    if (!isValidEmail(username)) {
      form.setFieldError('username', ACCOUNT_MESSAGES.resendEmailInvalid);
      return;
    }
    resend.mutate(
      { username },
      { onSuccess: ({ message }) => onSent({ message, username }), onError: showResendError },
    );
  };
  return { onResend, resending: resend.isPending };
}
