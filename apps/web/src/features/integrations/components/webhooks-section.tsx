import type { WebhookEndpoint } from '@admissions/domain';
import { useId, useState } from 'react';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useModalCall } from '../../../components/modal/use-modal-call';
import { useCall } from '../../../components/modal/use-call';
import { Button } from '../../../components/ui/button';
import { CallError } from '../../../components/ui/call-error';
import { Modal } from '../../../components/ui/modal';
import { PageLoading } from '../../../components/ui/page-loading';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { useRemoveWebhookEndpoint, useSendTestEvent, useWebhookEndpoints } from '../api/webhooks-api';
import { AddEndpointDialog } from './add-endpoint-dialog';
import { DeliveryLog } from './delivery-log';
import styles from '../integrations.module.css';

export const WEBHOOKS_TITLE_ID = 'webhooks-title';

/**
 * The webhook endpoints (issue 45): each with the events it is sent, whether it is active (or why it was
 * disabled), how many deliveries failed or wait, a test event on demand and its delivery log, opened in place.
 */
export function WebhooksSection({ onDone }: { onDone: (said: string) => void }) {
  const endpoints = useWebhookEndpoints();
  return (
    <section aria-labelledby={WEBHOOKS_TITLE_ID} className={styles.section}>
      <h2 id={WEBHOOKS_TITLE_ID} tabIndex={-1} className={styles.heading}>
        Webhooks
      </h2>
      <p className={styles.summary}>
        The product posts each chosen event to the endpoint, signed as Standard Webhooks sign (the headers{' '}
        <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code>), and tries again
        with longer pauses until the endpoint answers 2xx. An answer 410 disables the endpoint.
      </p>
      <div className={styles.actions}>
        <AddEndpointDialog onAdded={(e) => onDone(`The endpoint ${e.url} was added.`)} />
      </div>
      {endpoints.isError ? (
        <CallError error={endpoints.error} />
      ) : !endpoints.data ? (
        <PageLoading />
      ) : endpoints.data.endpoints.length === 0 ? (
        <p>No endpoint has been added yet.</p>
      ) : (
        endpoints.data.endpoints.map((e) => <EndpointCard key={e.id} endpoint={e} onDone={onDone} />)
      )}
    </section>
  );
}

function EndpointCard({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: (said: string) => void }) {
  const id = useId();
  const time = useZonedTime();
  const [logOpen, setLogOpen] = useState(false);
  const test = useSendTestEvent();
  const call = useCall();
  const sendTest = () =>
    call.run(async () => {
      await test.mutateAsync(endpoint);
      // The test's delivery shows in the log as it goes: the log opens on it.
      setLogOpen(true);
      onDone(`A test event is on its way to ${endpoint.url}; the delivery log shows how it went.`);
    });
  return (
    <article aria-labelledby={`${id}-title`} className={styles.card}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {endpoint.url}
      </h3>
      <dl className={styles.facts}>
        <dt>Events</dt>
        <dd>{endpoint.events.map((e, i) => [i > 0 && ', ', <code key={e}>{e}</code>])}</dd>
        <dt>Description</dt>
        <dd>{endpoint.description || '—'}</dd>
        <dt>State</dt>
        <dd>
          {endpoint.disabled_at
            ? `Disabled since ${time(endpoint.disabled_at)}${endpoint.disabled_reason ? `: ${endpoint.disabled_reason}` : ''}`
            : 'Active'}
        </dd>
        <dt>Deliveries</dt>
        <dd>
          {endpoint.failed_count} failed, {endpoint.pending_count} pending
        </dd>
        <dt>Added</dt>
        <dd>
          {time(endpoint.created_at)} by {endpoint.created_by}
        </dd>
      </dl>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          aria-expanded={logOpen}
          aria-controls={`${id}-log`}
          onClick={() => setLogOpen(!logOpen)}
        >
          {logOpen ? 'Hide the delivery log' : 'Show the delivery log'}
        </Button>
        <Button
          variant="secondary"
          loading={call.busy}
          disabled={endpoint.disabled_at !== null}
          onClick={() => void sendTest()}
        >
          Send a test event
        </Button>
        <RemoveDialog endpoint={endpoint} onDone={onDone} />
      </div>
      <CallError error={call.error} />
      <div id={`${id}-log`}>{logOpen && <DeliveryLog endpoint={endpoint} onDone={onDone} />}</div>
    </article>
  );
}

function RemoveDialog({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: (said: string) => void }) {
  const remove = useRemoveWebhookEndpoint();
  // Once removed, its card is gone: focus goes to the section's title.
  const dialog = useModalCall({ focusAfter: () => document.getElementById(WEBHOOKS_TITLE_ID) });
  const confirm = () =>
    dialog.run(async () => {
      await remove.mutateAsync(endpoint);
      onDone(`The endpoint ${endpoint.url} was removed; nothing more is sent to it.`);
    });
  return (
    <Modal
      title="Remove the endpoint?"
      {...dialog.modal}
      trigger={
        <Button variant="secondary" aria-label={`Remove ${endpoint.url}`}>
          Remove
        </Button>
      }
      actions={<ModalActions confirmLabel="Remove" onConfirm={() => void confirm()} busy={dialog.busy} />}
    >
      <p>
        Nothing more is sent to <strong>{endpoint.url}</strong>, and the deliveries still waiting are dropped.
      </p>
      <CallError error={dialog.error} />
    </Modal>
  );
}
