import { ACCOUNT_MESSAGES, isValidEmail, type TemporaryAnswersCreated } from '@admissions/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ServerError, userMessage } from '../../../lib/api-errors';
import { useSaveTemporaryAnswers } from '../api/temporary-answers-api';
import { nonEmptyAnswers } from '../state/answers-store';
import { useApplicationAnswers } from '../state/application-state-context';
import styles from './save-for-later-dialog.module.css';

/**
 * For visitors: keep the answers behind a resume link (POST /public/tmp),
 * shown here to copy and, when an address is given, e-mailed.
 */
export function SaveForLaterDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      title="Save and finish later"
      size="s"
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="text">Save and finish later</Button>}
    >
      {/* Mounted only while open, so each opening starts afresh. */}
      {open && <SaveForLaterForm />}
    </Modal>
  );
}

function SaveForLaterForm() {
  const { answers } = useApplicationAnswers();
  const save = useSaveTemporaryAnswers();
  const [email, setEmail] = useState('');
  const [emailErrors, setEmailErrors] = useState<string[]>([]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (address !== '' && !isValidEmail(address)) {
      setEmailErrors([ACCOUNT_MESSAGES.emailInvalid]);
      return;
    }
    setEmailErrors([]);
    save.mutate(
      { answer: nonEmptyAnswers(answers), ...(address ? { email: address } : {}) },
      {
        onError: (error) => {
          if (error instanceof ServerError && error.errors?.email) setEmailErrors(error.errors.email);
        },
      },
    );
  };

  if (save.data) return <SavedLink saved={save.data} />;

  const otherError = save.error && !(save.error instanceof ServerError && save.error.errors?.email);
  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <p>
        We will keep your answers and give you a link that brings you back to them. Anyone with the link can see your
        answers, so keep it private.
      </p>
      {otherError && <InlineAlert severity="error">{userMessage(save.error)}</InlineAlert>}
      <TextField
        label="Email address (optional)"
        type="email"
        autoComplete="email"
        description="We will e-mail the link to this address."
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        errors={emailErrors}
      />
      <Button type="submit" loading={save.isPending} className={styles.submit}>
        Get my link
      </Button>
    </form>
  );
}

function SavedLink({ saved }: { saved: TemporaryAnswersCreated }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const expires = new Date(saved.expires_at).toLocaleDateString(undefined, { dateStyle: 'long' });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(saved.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className={styles.form}>
      <InlineAlert severity="success">{saved.message}</InlineAlert>
      <TextField
        label="Your link"
        value={saved.url}
        readOnly
        description={`The link works until ${expires}.`}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className={styles.copy}>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy link
        </Button>
        <span role="status">
          {copied === 'yes' && 'Link copied.'}
          {copied === 'failed' && 'Select the link and copy it yourself.'}
        </span>
      </div>
    </div>
  );
}
