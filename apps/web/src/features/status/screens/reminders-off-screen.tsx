import { REMINDERS_UNSUBSCRIBE_PATH } from '@admissions/domain';
import { useEffect, useState } from 'react';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { api } from '../../../lib/api-client';
import { userMessage } from '../../../lib/api-errors';
import { useMutation } from '../../../lib/use-mutation';

/**
 * /reminders-off?token=…: the deadline reminders' one-click stop (decision 044).
 * The signed token is posted once on arrival; no login is needed, and the
 * applicant can turn the reminders back on under "Your checklist".
 */
export function RemindersOffScreen() {
  usePageTitle('Deadline reminders');
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const stop = useMutation({
    mutationFn: () => api.post<{ message: string }>(REMINDERS_UNSUBSCRIBE_PATH, { token }),
  });
  const { mutate } = stop;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);
  return (
    <div>
      <h1>Deadline reminders</h1>
      {stop.isSuccess && <InlineAlert severity="success">{stop.data.message}</InlineAlert>}
      {(stop.isError || !token) && (
        <InlineAlert severity="error">{token ? userMessage(stop.error) : 'This link is incomplete.'}</InlineAlert>
      )}
      {stop.isPending && <p role="status">Turning the reminders off…</p>}
    </div>
  );
}
