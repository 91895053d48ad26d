import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { userMessage } from '../../../lib/api-errors';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useNewsSubscription, useStopNews } from '../api/news-unsubscribe-api';
import { useFocusResult } from '../components/use-focus-result';

/**
 * /unsubscribe-news?token=…: the page the last line of a news e-mail links (issue 46), for a person whose mail
 * client shows no unsubscribe button. No login: the signed token is the authority. Opening it changes nothing (link
 * checkers open links); it says what the button does, and "Stop news e-mails" POSTs the token. Focus then moves to
 * the result. A bad link shows the server's message. E-mails about the application are not stopped.
 */
export function UnsubscribeNewsScreen() {
  usePageTitle('Stop news e-mails');
  const tenant = useTenantConfig();
  const college = `${tenant.partnerName} Graduate Admissions`;
  const token = useSearchParams()[0].get('token') ?? '';
  const subscription = useNewsSubscription(token);
  const stop = useStopNews(token);
  const { ref, focusResult } = useFocusResult();
  const done = stop.isSuccess || subscription.data?.unsubscribed === true;
  const badLink = !token || subscription.isError;

  return (
    <div>
      <h1>Stop news e-mails</h1>
      {badLink ? (
        <InlineAlert severity="error">
          {token ? userMessage(subscription.error) : 'This link is incomplete.'}
        </InlineAlert>
      ) : done ? (
        <div ref={ref} tabIndex={-1}>
          <InlineAlert severity="success">
            You will get no more news from {college}; e-mails about your application still come.
          </InlineAlert>
        </div>
      ) : !subscription.data ? (
        <p role="status">Checking the link…</p>
      ) : (
        <>
          <p>
            {college} sends news by e-mail: open days, events and other news. This stops them for your account. E-mails
            about your application (deadlines, missing items, decisions) still come.
          </p>
          <Button
            loading={stop.isPending}
            onClick={() => stop.mutate(undefined, { onSuccess: focusResult, onError: focusResult })}
          >
            Stop news e-mails
          </Button>
          {stop.isError && (
            <div ref={ref} tabIndex={-1}>
              <InlineAlert severity="error">{userMessage(stop.error)}</InlineAlert>
            </div>
          )}
        </>
      )}
    </div>
  );
}
