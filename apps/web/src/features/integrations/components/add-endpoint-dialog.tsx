import { WEBHOOK_EVENT_TYPES, type CreatedWebhookEndpoint, type WebhookEventType } from '@admissions/domain';
import { useId, useState, type FormEvent } from 'react';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useCall } from '../../../components/modal/use-call';
import { Button } from '../../../components/ui/button';
import { CallError } from '../../../components/ui/call-error';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useAddWebhookEndpoint, type WebhookEndpointDraft } from '../api/webhooks-api';
import { SecretShownOnce } from './secret-shown-once';
import styles from '../integrations.module.css';

export const EVENT_HINTS: Record<WebhookEventType, string> = {
  'application.submitted': 'an applicant submitted an application',
  'application.completed': 'an application’s checklist became complete',
  'decision.released': 'a decision was released to the applicant',
  'offer.responded': 'an applicant accepted or declined an offer',
  'application.withdrawn': 'an applicant withdrew',
  'external_id.set': 'a campus ID was written back through the API',
};

interface Draft {
  url: string;
  events: WebhookEventType[];
  description: string;
}

const EMPTY: Draft = { url: '', events: [], description: '' };

function checked(draft: Draft): { problem: string } | { body: WebhookEndpointDraft } {
  const url = draft.url.trim();
  if (!/^https?:\/\/\S+$/i.test(url)) return { problem: 'Enter the endpoint’s address, starting with https://.' };
  if (draft.events.length === 0) return { problem: 'Choose at least one event.' };
  const description = draft.description.trim();
  return { body: { url, events: draft.events, ...(description ? { description } : {}) } };
}

/**
 * "Add an endpoint" (issue 45): its address, the events it is sent and a description. Once added, the same dialog
 * shows its signing secret (`whsec_…`), this once, for the receiver to verify the Standard Webhooks signature.
 */
export function AddEndpointDialog({ onAdded }: { onAdded: (endpoint: CreatedWebhookEndpoint) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | undefined>();
  const add = useAddWebhookEndpoint();
  const call = useCall();

  const onOpenChange = (next: boolean) => {
    if (call.busy) return;
    if (next) {
      setDraft(EMPTY);
      setProblem(undefined);
      setCreated(undefined);
      call.clearError();
    }
    setOpen(next);
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const result = checked(draft);
    if ('problem' in result) {
      setProblem(result.problem);
      return call.clearError();
    }
    setProblem(undefined);
    void call.run(async () => {
      const endpoint = await add.mutateAsync(result.body);
      setCreated(endpoint);
      onAdded(endpoint);
    });
  };
  const toggle = (event: WebhookEventType, on: boolean) =>
    setDraft({ ...draft, events: on ? [...draft.events, event] : draft.events.filter((e) => e !== event) });

  return (
    <Modal
      title={created ? 'The endpoint was added' : 'Add an endpoint'}
      size="s"
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button>Add an endpoint</Button>}
      actions={
        created ? (
          <ModalClose>
            <Button>Done</Button>
          </ModalClose>
        ) : (
          <ModalActions confirmLabel="Add the endpoint" form={`${id}-form`} busy={call.busy} />
        )
      }
    >
      {created ? (
        <SecretShownOnce
          label="Signing secret"
          secret={created.secret}
          warning="Copy the signing secret now and give it to the receiving system, which checks each event's signature with it: it will not be shown again."
        />
      ) : (
        <form id={`${id}-form`} className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label="Address (URL)"
            description="Where the events are posted, starting with https://."
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={2000}
            value={draft.url}
            onChange={(e) => setDraft({ ...draft, url: e.currentTarget.value })}
          />
          <fieldset className={styles.fieldset}>
            <legend>Events</legend>
            {WEBHOOK_EVENT_TYPES.map((event) => (
              <label key={event} className={styles.check}>
                <input
                  type="checkbox"
                  checked={draft.events.includes(event)}
                  onChange={(e) => toggle(event, e.currentTarget.checked)}
                />
                <span>
                  <code>{event}</code> <span className={styles.muted}>({EVENT_HINTS[event]})</span>
                </span>
              </label>
            ))}
          </fieldset>
          <TextField
            label="Description (optional)"
            autoComplete="off"
            maxLength={200}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
          />
          {problem && <InlineAlert severity="error">{problem}</InlineAlert>}
          <CallError error={call.error} />
        </form>
      )}
    </Modal>
  );
}
