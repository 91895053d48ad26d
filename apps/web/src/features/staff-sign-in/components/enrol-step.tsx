import type { TotpEnrolment } from '@admissions/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useCall } from '../../../components/modal/use-call';
import { startTotp } from '../api/mfa-api';
import { PasskeyRegistration } from './passkey-registration';
import { RecoveryCodesStep } from './recovery-codes';
import { StepError } from './step-error';
import { TotpEnrolmentStep } from './totp-enrolment';
import { StepHeading } from './step-heading';
import styles from './sign-in.module.css';

type Step =
  | { kind: 'choose' }
  | { kind: 'totp'; enrolment: TotpEnrolment }
  | { kind: 'passkey' }
  | { kind: 'codes'; codes: string[] };

/**
 * A member without a second factor sets one up (issue 44): an authenticator app or a passkey, then the recovery
 * codes, shown once. `onDone` once they are saved (or when a passkey brought none).
 */
export function EnrolStep({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  // Back to the choice: its heading takes the focus again, unlike on arrival.
  const [returned, setReturned] = useState(false);
  const call = useCall();
  const back = () => {
    setReturned(true);
    setStep({ kind: 'choose' });
  };
  const chooseApp = () =>
    void call.run(async () => {
      const enrolment = await startTotp();
      setStep({ kind: 'totp', enrolment });
    });

  switch (step.kind) {
    case 'totp':
      return (
        <TotpEnrolmentStep
          enrolment={step.enrolment}
          onConfirmed={(codes) => setStep({ kind: 'codes', codes })}
          onBack={back}
        />
      );
    case 'passkey':
      return (
        <section className={styles.form} aria-labelledby="passkey-title">
          <StepHeading id="passkey-title">Passkey</StepHeading>
          <p>
            A passkey uses this device's lock (fingerprint, face or PIN) or a security key. Nothing to type at the next
            sign-in.
          </p>
          <PasskeyRegistration
            onRegistered={({ recovery_codes }) =>
              recovery_codes?.length ? setStep({ kind: 'codes', codes: recovery_codes }) : onDone()
            }
          >
            <Button variant="text" onClick={back}>
              Choose another way
            </Button>
          </PasskeyRegistration>
        </section>
      );
    case 'codes':
      return <RecoveryCodesStep codes={step.codes} onDone={onDone} />;
    case 'choose':
      return (
        <section className={styles.form} aria-labelledby="choose-title">
          <StepHeading id="choose-title" focus={returned}>
            Choose your second step
          </StepHeading>
          <p>
            You sign in to the admissions office with a password. To protect the applicants' records, the office also
            asks for a second step: a code from an authenticator app on your phone, or a passkey.
          </p>
          <div className={styles.choices}>
            <Button onClick={chooseApp} loading={call.busy}>
              Authenticator app
            </Button>
            <Button variant="secondary" onClick={() => setStep({ kind: 'passkey' })}>
              Passkey
            </Button>
          </div>
          <StepError error={call.error} />
        </section>
      );
  }
}
