import { CallError } from '../../../components/ui/call-error';
import { ApiError, ServerError, userMessage } from '../../../lib/api-errors';

/**
 * A refused step, read out as it appears (role="alert"): the server's message and code, how long a lock lasts
 * (LOGIN_LOCKED, from Retry-After), and the browser's passkey ceremony cancelled or not possible here.
 */
export function StepError({ error }: { error: unknown }) {
  if (!error) return null;
  return <CallError error={error} message={stepErrorMessage(error)} />;
}

export function stepErrorMessage(error: unknown): string {
  if (error instanceof ServerError && error.code === 'LOGIN_LOCKED' && error.retryAfterSeconds !== undefined)
    return `${error.message} You can try again in ${waitInWords(error.retryAfterSeconds)}.`;
  if (error instanceof ApiError) return userMessage(error);
  // @simplewebauthn/browser's errors (the person cancelled, no authenticator, a timeout) are not for users.
  return 'The passkey step did not finish: it was cancelled, timed out or is not available on this device. Please try again, or use a code.';
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
