import {
  API_TOKEN_SCOPES,
  formatInZone,
  localTimeToInstant,
  programOptions,
  zoneName,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@admissions/domain';
import { useId, useState, type FormEvent } from 'react';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useCall } from '../../../components/modal/use-call';
import { Button } from '../../../components/ui/button';
import { CallError } from '../../../components/ui/call-error';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useCreateApiToken, type ApiTokenDraft } from '../api/api-tokens-api';
import { SecretShownOnce } from './secret-shown-once';
import styles from '../integrations.module.css';

export const SCOPE_HINTS: Record<ApiTokenScope, string> = {
  'applications:read': 'read applications, their answers, checklist and released decision',
  'decisions:read': 'read released decisions and the applicants’ responses',
  'documents:read': 'download the applications’ documents and packets',
  'external-ids:write': 'write the campus IDs back',
};

interface Draft {
  name: string;
  scopes: ApiTokenScope[];
  /** null: every program. */
  programs: string[] | null;
  /** A datetime-local value in the institution's zone; empty for a token that does not expire. */
  expires: string;
}

const EMPTY: Draft = { name: '', scopes: [], programs: null, expires: '' };

/** What the browser can tell before asking the server (which checks again), and the body it then sends. */
function checked(draft: Draft, zone: string): { problem: string } | { body: ApiTokenDraft } {
  if (draft.name.trim() === '') return { problem: 'Give the token a name, such as the system that will use it.' };
  if (draft.scopes.length === 0) return { problem: 'Choose at least one scope.' };
  if (draft.programs !== null && draft.programs.length === 0)
    return { problem: 'Choose at least one program, or every program.' };
  const body: ApiTokenDraft = { name: draft.name.trim(), scopes: draft.scopes };
  if (draft.programs !== null) body.programs = draft.programs;
  if (draft.expires !== '') {
    const instant = localTimeToInstant(draft.expires, zone);
    if (!instant) return { problem: `That time does not exist in ${zoneName(new Date(), zone)} (the clocks skip it).` };
    if (instant.getTime() <= Date.now()) return { problem: 'Choose an expiry in the future, or none.' };
    body.expires_at = instant.toISOString();
  }
  return { body };
}

/**
 * "Create a token" (issue 45): its name, scopes, the programs it is limited to (every program unless some are
 * chosen) and an optional expiry picked in the institution's zone. Once created, the same dialog shows the secret,
 * this once, with a button that copies it; closing it leaves only the token's prefix in the list.
 */
export function CreateTokenDialog({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const id = useId();
  const tenant = useTenantConfig();
  const zone = tenant.time_zone;
  const programs = programOptions(tenant).filter((o) => o.value);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedApiToken | undefined>();
  const create = useCreateApiToken();
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
    const result = checked(draft, zone);
    if ('problem' in result) {
      setProblem(result.problem);
      return call.clearError();
    }
    setProblem(undefined);
    void call.run(async () => {
      const token = await create.mutateAsync(result.body);
      setCreated(token);
      onCreated(token);
    });
  };
  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));
  const expiresAt = draft.expires ? localTimeToInstant(draft.expires, zone) : null;

  return (
    <Modal
      title={created ? `The token “${created.name}” was created` : 'Create a token'}
      size="s"
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button>Create a token</Button>}
      actions={
        created ? (
          <ModalClose>
            <Button>Done</Button>
          </ModalClose>
        ) : (
          <ModalActions confirmLabel="Create the token" form={`${id}-form`} busy={call.busy} />
        )
      }
    >
      {created ? (
        <SecretShownOnce
          label="Token"
          secret={created.secret}
          warning="Copy the token now and keep it in your system's configuration: it will not be shown again. Only its prefix stays on this page."
        />
      ) : (
        <form id={`${id}-form`} className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label="Name"
            description="Who uses it, such as “Banner nightly import”."
            autoComplete="off"
            maxLength={100}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <fieldset className={styles.fieldset}>
            <legend>Scopes</legend>
            {API_TOKEN_SCOPES.map((scope) => (
              <label key={scope} className={styles.check}>
                <input
                  type="checkbox"
                  checked={draft.scopes.includes(scope)}
                  onChange={(e) => setDraft({ ...draft, scopes: toggle(draft.scopes, scope, e.currentTarget.checked) })}
                />
                <span>
                  <code>{scope}</code> <span className={styles.muted}>({SCOPE_HINTS[scope]})</span>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend>Programs</legend>
            <label className={styles.check}>
              <input
                type="radio"
                name={`${id}-programs`}
                checked={draft.programs === null}
                onChange={() => setDraft({ ...draft, programs: null })}
              />
              <span>Every program</span>
            </label>
            <label className={styles.check}>
              <input
                type="radio"
                name={`${id}-programs`}
                checked={draft.programs !== null}
                onChange={() => setDraft({ ...draft, programs: draft.programs ?? [] })}
              />
              <span>Only these programs</span>
            </label>
            {draft.programs !== null && (
              <div className={styles.nested} role="group" aria-label="Programs the token may see">
                {programs.map((p) => (
                  <label key={p.value} className={styles.check}>
                    <input
                      type="checkbox"
                      checked={draft.programs?.includes(p.value) ?? false}
                      onChange={(e) =>
                        setDraft({ ...draft, programs: toggle(draft.programs ?? [], p.value, e.currentTarget.checked) })
                      }
                    />
                    <span>{p.label}</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <div className={styles.field}>
            <label htmlFor={`${id}-expires`}>
              Expires (date and time, {zoneName(expiresAt ?? new Date(), zone)}), optional
            </label>
            <input
              id={`${id}-expires`}
              type="datetime-local"
              value={draft.expires}
              aria-describedby={`${id}-expires-note`}
              onChange={(e) => setDraft({ ...draft, expires: e.currentTarget.value })}
            />
            <p id={`${id}-expires-note`} className={styles.help} aria-live="polite">
              {expiresAt
                ? `It stops working at ${formatInZone(expiresAt, zone)}.`
                : 'Leave it empty for a token that works until it is revoked.'}
            </p>
          </div>
          {problem && <InlineAlert severity="error">{problem}</InlineAlert>}
          <CallError error={call.error} />
        </form>
      )}
    </Modal>
  );
}
