import { RECOMMENDATION_MESSAGES, type RecommenderPrefix } from '@admissions/domain';
import { useState } from 'react';
import { useToast } from '../../../components/ui/toast/toast-context';
import { UnauthorizedError, userMessage } from '../../../lib/api-errors';
import { useSendRecommendationReminder, useSendRecommendationRequest } from '../api/recommendations-api';

type Action = 'request' | 'reminder';

let sent = 0;

/**
 * 'Send request' and 'Send a reminder' for one recommender. Success is said
 * in a toast (a polite live region); a refusal (RECOMMENDER_NOT_READY,
 * REMINDER_TOO_SOON, any other) is kept for the caller to show beside the
 * buttons. `beforeRequest` saves what the applicant just typed, so the
 * server checks the name and e-mail on screen.
 */
export function useRecommenderActions(prefix: RecommenderPrefix, beforeRequest?: () => Promise<void>) {
  const request = useSendRecommendationRequest();
  const reminder = useSendRecommendationReminder();
  const { showToast } = useToast();
  const [busy, setBusy] = useState<Action | undefined>();
  const [error, setError] = useState<string | undefined>();

  const run = async (action: Action, alsoFor: readonly string[] = []): Promise<boolean> => {
    setBusy(action);
    setError(undefined);
    try {
      if (action === 'request') {
        await beforeRequest?.();
        await request.mutateAsync({ prefix, alsoFor });
      } else {
        await reminder.mutateAsync(prefix);
      }
    } catch (failure) {
      // A 401 is on its way to /login already.
      if (!(failure instanceof UnauthorizedError)) setError(userMessage(failure));
      return false;
    } finally {
      setBusy(undefined);
    }
    sent += 1;
    showToast({
      // Its own id: the same words for the other recommender a moment later must show too.
      id: `recommendation-${action}-${prefix}-${sent}`,
      title: action === 'request' ? 'Request sent' : 'Reminder sent',
      description: action === 'request' ? RECOMMENDATION_MESSAGES.requestSent : RECOMMENDATION_MESSAGES.reminderSent,
      severity: 'success',
    });
    return true;
  };

  return {
    busy,
    error,
    /** Sends the request; `alsoFor` names other applications of the account to ask for in the same mail. */
    sendRequest: (alsoFor: readonly string[] = []) => run('request', alsoFor),
    sendReminder: () => run('reminder'),
  };
}
