import type { MfaStatus } from '@admissions/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCall } from '../../../components/modal/use-call';
import { verifySecondFactor, verifyWithPasskey } from '../api/mfa-api';
import { CodeField, digitsOf } from './code-field';
import { StepError } from './step-error';
import styles from './sign-in.module.css';

/**
 * The second step of a password sign-in, for a member who has set one up: the app's code, one of the recovery
 * codes instead, or a passkey. `onPassed` once the server has taken it.
 */
export function VerifyStep({ status, onPassed }: { status: MfaStatus; onPassed: () => void }) {
  const hasApp = status.methods.includes('totp');
  const hasPasskey = status.methods.includes('passkey');
  // A member with only passkeys types no app code: the recovery code is their field.
  const [recovery, setRecovery] = useState(!hasApp);
  const [value, setValue] = useState('');
  const call = useCall();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void call.run(async () => {
      await verifySecondFactor(recovery ? { recovery_code: value.trim() } : { code: digitsOf(value) });
      onPassed();
    });
  };
  const usePasskey = () =>
    void call.run(async () => {
      await verifyWithPasskey();
      onPassed();
    });
  const switchField = () => {
    setRecovery(!recovery);
    setValue('');
    call.clearError();
    // The field that replaces the other takes the focus, so typing goes on there.
    requestAnimationFrame(() => document.getElementById('second-step-field')?.querySelector('input')?.focus());
  };
  return (
    <div className={styles.form}>
      {hasPasskey && (
        <div className={styles.actions}>
          <Button onClick={usePasskey} loading={call.busy}>
            Use a passkey
          </Button>
        </div>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <div id="second-step-field">
          {recovery ? (
            <TextField
              label="Recovery code"
              name="recovery_code"
              description="One of the codes you saved when you set up your second step. Each works once."
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              required
            />
          ) : (
            <CodeField value={value} onChange={setValue} />
          )}
        </div>
        <StepError error={call.error} />
        <div className={styles.actions}>
          <Button type="submit" variant={hasPasskey ? 'secondary' : 'primary'} loading={call.busy}>
            Verify
          </Button>
          {hasApp && (
            <Button variant="text" onClick={switchField}>
              {recovery ? 'Use an authenticator code instead' : 'Use a recovery code instead'}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
