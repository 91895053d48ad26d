import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { inviteMember } from '../api/team-api';
import { CallError } from '../components/error-text';
import { draftProblem, MemberFields, type MemberDraft } from './member-fields';
import styles from './team.module.css';

const EMPTY: MemberDraft = { roles: ['reviewer'], programs: null };

/** POST /api/staff/team: the address gets an e-mail to sign up or log in, and its rights at its next login. */
export function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [draft, setDraft] = useState<MemberDraft>(EMPTY);
  const [problem, setProblem] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const local = email.trim() === '' ? 'Enter the e-mail address of the person to invite.' : draftProblem(draft);
    setProblem(local);
    if (local) return;
    setBusy(true);
    try {
      await inviteMember({ email: email.trim(), ...draft });
      onInvited(email.trim());
      setEmail('');
      setDraft(EMPTY);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <label className={styles.field}>
        <span>E-mail address</span>
        <input
          type="email"
          autoComplete="off"
          value={email}
          maxLength={254}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <MemberFields value={draft} onChange={setDraft} />
      {problem && <InlineAlert severity="error">{problem}</InlineAlert>}
      <CallError error={error} />
      <div>
        <Button type="submit" loading={busy}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
