import { Button } from '../../../components/ui/button';
import { StepHeading } from './step-heading';
import styles from './sign-in.module.css';

/** The ten recovery codes, shown this once (the server keeps only their hashes). */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className={styles.form} aria-labelledby="recovery-codes-title">
      <StepHeading id="recovery-codes-title">Save your recovery codes</StepHeading>
      <p>
        Each code lets you sign in once if you lose your phone or passkey. They are shown only now: print them, or keep
        them in your password manager.
      </p>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button onClick={onDone}>I have saved these codes</Button>
      </div>
    </section>
  );
}
