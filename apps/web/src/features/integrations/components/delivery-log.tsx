import type { WebhookDelivery, WebhookEndpoint } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CallError } from '../../../components/ui/call-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { useCompactZonedTime } from '../../../shared/site/zoned-time';
import { useResendDelivery, useWebhookDeliveries, webhooksKey } from '../api/webhooks-api';
import styles from '../integrations.module.css';

const STATE_WORDS: Record<WebhookDelivery['state'], string> = {
  pending: 'Pending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/**
 * One endpoint's delivery log (issue 45), newest first: each event with its state, every attempt (time, the
 * receiver's status code, how long it took, the start of its answer), the next try, and "Send again". Asked again
 * while a delivery is pending, so attempts show as they are made.
 */
export function DeliveryLog({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: (said: string) => void }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  // Each time the log is asked again, the endpoint's counts (failed, pending) above it are too.
  const queryClient = useQueryClient();
  const updatedAt = deliveries.dataUpdatedAt;
  useEffect(() => {
    if (updatedAt > 0) void queryClient.invalidateQueries({ queryKey: webhooksKey, exact: true });
  }, [updatedAt, queryClient]);
  const { time, zone } = useCompactZonedTime();
  const resend = useResendDelivery(endpoint.id);
  const [sending, setSending] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();
  const sendAgain = async (delivery: WebhookDelivery) => {
    setSending(delivery.id);
    setError(undefined);
    try {
      await resend.mutateAsync(delivery.id);
      onDone(`The ${delivery.event_type} event is being sent again to ${endpoint.url}.`);
    } catch (err) {
      setError(err);
    } finally {
      setSending(undefined);
    }
  };
  const title = `Delivery log of ${endpoint.url}`;
  if (deliveries.isError) return <CallError error={deliveries.error} />;
  if (!deliveries.data) return <PageLoading />;
  const list = deliveries.data.deliveries;
  return (
    <>
      <h4 className={styles.minorHeading}>Delivery log</h4>
      <CallError error={error} />
      {list.length === 0 ? (
        <p>Nothing has been sent to this endpoint yet.</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label={title} tabIndex={0}>
          <table className={styles.table}>
            <caption className="visually-hidden">{title}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">State</th>
                <th scope="col">
                  Attempts (<abbr title={zone.long}>{zone.short}</abbr>)
                </th>
                <th scope="col">
                  Next try (<abbr title={zone.long}>{zone.short}</abbr>)
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <tr key={d.id}>
                  <th scope="row">
                    <code>{d.event_type}</code>
                    <div className={styles.muted}>{time(d.created_at)}</div>
                  </th>
                  <td>{STATE_WORDS[d.state]}</td>
                  <td>
                    {d.attempts.length === 0 ? (
                      'None yet'
                    ) : (
                      <ol className={styles.attempts}>
                        {d.attempts.map((a) => (
                          <li key={a.attempt}>
                            {time(a.at)}: {a.status_code === null ? 'no answer' : `status ${a.status_code}`},{' '}
                            {a.duration_ms.toLocaleString('en-US')} ms
                            {a.response_excerpt && <code className={styles.excerpt}>{a.response_excerpt}</code>}
                          </li>
                        ))}
                      </ol>
                    )}
                  </td>
                  <td>{d.next_attempt_at ? time(d.next_attempt_at) : '—'}</td>
                  <td>
                    <Button
                      variant="secondary"
                      loading={sending === d.id}
                      aria-label={`Send again: ${d.event_type} of ${time(d.created_at)}`}
                      onClick={() => void sendAgain(d)}
                    >
                      Send again
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
