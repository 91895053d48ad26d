import type { FormEvent, ReactNode, Ref } from 'react';
import { Button } from '../../../components/ui/button';
import styles from './auth-form.module.css';

interface AuthFormProps {
  ref?: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  children: ReactNode;
  /** Secondary actions shown between the fields and Submit (links, resend). */
  extras?: ReactNode;
}

/**
 * The fields and the Submit button of an account card. The browser's own
 * validation is off (noValidate): the domain rules give the messages.
 */
export function AuthForm({ ref, onSubmit, submitting, children, extras }: AuthFormProps) {
  return (
    <form ref={ref} className={styles.form} noValidate onSubmit={onSubmit}>
      {children}
      {extras && <div className={styles.extras}>{extras}</div>}
      <Button type="submit" loading={submitting} className={styles.submit}>
        Submit
      </Button>
    </form>
  );
}
