import type { TotpEnrolment } from '@admissions/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useCall } from '../../../components/modal/use-call';
import { confirmTotp } from '../api/mfa-api';
import { CodeField, digitsOf } from './code-field';
import { StepError } from './step-error';
import { StepHeading } from './step-heading';
import { TotpQr } from './totp-qr';
import styles from './sign-in.module.css';

/** An authenticator app: scan the code (or type the key), then prove it with the first code it shows. */
export function TotpEnrolmentStep({
  enrolment,
  onConfirmed,
  onBack,
}: {
  enrolment: TotpEnrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const call = useCall();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void call.run(async () => {
      const { recovery_codes } = await confirmTotp(digitsOf(code));
      onConfirmed(recovery_codes);
    });
  };
  return (
    <section className={styles.form} aria-labelledby="totp-title">
      <StepHeading id="totp-title">Authenticator app</StepHeading>
      <ol className={styles.list}>
        <li>Open an authenticator app on your phone and add an account by scanning this QR code.</li>
        <li>Or type this key into the app:</li>
      </ol>
      <TotpQr otpauthUrl={enrolment.otpauth_url} />
      <p>
        Key: <code className={styles.key}>{enrolment.secret}</code>
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <CodeField value={code} onChange={setCode} />
        <StepError error={call.error} />
        <div className={styles.actions}>
          <Button type="submit" loading={call.busy}>
            Verify
          </Button>
          <Button variant="text" onClick={onBack}>
            Choose another way
          </Button>
        </div>
      </form>
    </section>
  );
}
