import type { MfaStatus } from '@admissions/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/page-loading';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { useMfaStatus } from '../api/mfa-api';
import { PasskeyRegistration } from './passkey-registration';
import { RecoveryCodesStep } from './recovery-codes';
import { SIGN_IN_METHOD_WORDS } from './sign-in-words';
import { StepError } from './step-error';
import styles from './sign-in.module.css';

/**
 * A member's own sign-in (issue 44): how this session signed in, the second factors set up, the passkeys (one more
 * may be added) and how many recovery codes are left.
 */
export function SecuritySection() {
  const status = useMfaStatus();
  if (status.isError) return <StepError error={status.error} />;
  if (!status.data) return <PageLoading />;
  return <Security status={status.data} onChanged={() => void status.refetch()} />;
}

function Security({ status, onChanged }: { status: MfaStatus; onChanged: () => void }) {
  const time = useZonedTime();
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const [said, setSaid] = useState('');
  if (codes) return <RecoveryCodesStep codes={codes} onDone={() => setCodes(undefined)} />;
  return (
    <>
      <dl className={styles.form}>
        <div>
          <dt>This session signed in with</dt>
          <dd>{SIGN_IN_METHOD_WORDS[status.sign_in_method]}</dd>
        </div>
        <div>
          <dt>Authenticator app</dt>
          <dd>{status.methods.includes('totp') ? 'Set up' : 'Not set up'}</dd>
        </div>
        <div>
          <dt>Recovery codes</dt>
          <dd>{status.recovery_codes_left === 1 ? '1 code left' : `${status.recovery_codes_left} codes left`}</dd>
        </div>
      </dl>
      {status.sign_in_method !== 'password' && (
        <p className={styles.muted}>Signing in with the campus account asks no second step here: the campus does.</p>
      )}
      <section aria-labelledby="passkeys-title" className={styles.form}>
        <h2 id="passkeys-title">Passkeys</h2>
        {status.passkeys.length === 0 ? (
          <p>No passkey yet.</p>
        ) : (
          <ul className={styles.list}>
            {status.passkeys.map((p) => (
              <li key={p.id}>
                <strong>{p.name}</strong>, added {time(p.created_at)}
                {p.last_used_at ? `; last used ${time(p.last_used_at)}` : '; not used yet'}
              </li>
            ))}
          </ul>
        )}
        <p role="status">{said}</p>
        {adding ? (
          <PasskeyRegistration
            onRegistered={({ passkey, recovery_codes }) => {
              setAdding(false);
              setSaid(`The passkey ${passkey.name} was registered.`);
              if (recovery_codes?.length) setCodes(recovery_codes);
              onChanged();
            }}
          >
            <Button variant="text" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </PasskeyRegistration>
        ) : (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setAdding(true)}>
              Add a passkey
            </Button>
          </div>
        )}
      </section>
    </>
  );
}
