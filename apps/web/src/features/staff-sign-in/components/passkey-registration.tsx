import type { PasskeySummary } from '@admissions/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCall } from '../../../components/modal/use-call';
import { registerPasskey } from '../api/mfa-api';
import { StepError } from './step-error';
import styles from './sign-in.module.css';

/**
 * A new passkey, named by its owner so they can tell it apart later ("Work laptop"). The browser then asks for
 * the device's lock (fingerprint, face, PIN) or a security key.
 */
export function PasskeyRegistration({
  onRegistered,
  children,
}: {
  onRegistered: (result: { passkey: PasskeySummary; recovery_codes?: string[] }) => void;
  /** More buttons after "Register a passkey" (the way back). */
  children?: ReactNode;
}) {
  const [name, setName] = useState('My passkey');
  const [problem, setProblem] = useState<string>();
  const call = useCall();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setProblem(trimmed ? undefined : 'Enter a name for this passkey.');
    if (!trimmed) return call.clearError();
    void call.run(async () => onRegistered(await registerPasskey(trimmed)));
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Name for this passkey"
        description="So you can tell your passkeys apart, e.g. Work laptop."
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={60}
        required
        errors={problem ? [problem] : []}
      />
      <StepError error={call.error} />
      <div className={styles.actions}>
        <Button type="submit" loading={call.busy}>
          Register a passkey
        </Button>
        {children}
      </div>
    </form>
  );
}
