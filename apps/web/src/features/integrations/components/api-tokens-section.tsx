import { programOptions, type ApiToken } from '@admissions/domain';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useModalCall } from '../../../components/modal/use-modal-call';
import { Button } from '../../../components/ui/button';
import { CallError } from '../../../components/ui/call-error';
import { Modal } from '../../../components/ui/modal';
import { PageLoading } from '../../../components/ui/page-loading';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useCompactZonedTime } from '../../../shared/site/zoned-time';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens-api';
import { CreateTokenDialog } from './create-token-dialog';
import styles from '../integrations.module.css';

export const TOKENS_TITLE_ID = 'api-tokens-title';

/**
 * The API tokens (issue 45): each with its prefix (so IT can tell which one a system holds), scopes, programs and
 * times, in the institution's zone named once in the headers; a new one created, an old one revoked.
 */
export function ApiTokensSection({ onDone }: { onDone: (said: string) => void }) {
  const tokens = useApiTokens();
  return (
    <section aria-labelledby={TOKENS_TITLE_ID} className={styles.section}>
      <h2 id={TOKENS_TITLE_ID} tabIndex={-1} className={styles.heading}>
        API tokens
      </h2>
      <p className={styles.summary}>
        A campus system calls the read API with a token, in the header <code>Authorization: Bearer …</code>. It sees
        only what its scopes and programs allow.
      </p>
      <div className={styles.actions}>
        <CreateTokenDialog onCreated={(t) => onDone(`The token “${t.name}” was created.`)} />
      </div>
      {tokens.isError ? (
        <CallError error={tokens.error} />
      ) : !tokens.data ? (
        <PageLoading />
      ) : tokens.data.tokens.length === 0 ? (
        <p>No token has been created yet.</p>
      ) : (
        <TokensTable tokens={tokens.data.tokens} onDone={onDone} />
      )}
    </section>
  );
}

function TokensTable({ tokens, onDone }: { tokens: ApiToken[]; onDone: (said: string) => void }) {
  const { time, zone } = useCompactZonedTime();
  const tenant = useTenantConfig();
  const labels = new Map(programOptions(tenant).map((o) => [o.value, o.label]));
  const inZone = (label: string) => (
    <>
      {label} (<abbr title={zone.long}>{zone.short}</abbr>)
    </>
  );
  return (
    <div className={styles.tableWrap} role="region" aria-label="List of API tokens" tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">API tokens, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Prefix</th>
            <th scope="col">Scopes</th>
            <th scope="col">Programs</th>
            <th scope="col">{inZone('Created')}</th>
            <th scope="col">{inZone('Expires')}</th>
            <th scope="col">{inZone('Last used')}</th>
            <th scope="col">{inZone('Revoked')}</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((t) => (
            <tr key={t.id}>
              <th scope="row">{t.name}</th>
              <td>
                <code>{t.prefix}…</code>
              </td>
              <td>{t.scopes.map((s, i) => [i > 0 && ', ', <code key={s}>{s}</code>])}</td>
              <td>{t.programs ? t.programs.map((p) => labels.get(p) ?? p).join(', ') : 'Every program'}</td>
              <td>{time(t.created_at)}</td>
              <td>{t.expires_at ? time(t.expires_at) : 'Never'}</td>
              <td>{t.last_used_at ? time(t.last_used_at) : 'Not yet'}</td>
              <td>{t.revoked_at ? time(t.revoked_at) : 'No'}</td>
              <td>{t.revoked_at === null && <RevokeDialog token={t} onDone={onDone} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RevokeDialog({ token, onDone }: { token: ApiToken; onDone: (said: string) => void }) {
  const revoke = useRevokeApiToken();
  // Once revoked, its button is gone: focus goes to the section's title, not to a vanished button.
  const dialog = useModalCall({ focusAfter: () => document.getElementById(TOKENS_TITLE_ID) });
  const confirm = () =>
    dialog.run(async () => {
      await revoke.mutateAsync(token);
      onDone(`The token “${token.name}” was revoked; it is refused from its next call.`);
    });
  return (
    <Modal
      title={`Revoke the token “${token.name}”?`}
      {...dialog.modal}
      trigger={
        <Button variant="secondary" aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      }
      actions={<ModalActions confirmLabel="Revoke" onConfirm={() => void confirm()} busy={dialog.busy} />}
    >
      <p>
        Every system that calls the API with it (prefix <code>{token.prefix}…</code>) is refused from its next call.
        This cannot be undone: a new token would have to be created and configured.
      </p>
      <CallError error={dialog.error} />
    </Modal>
  );
}
