import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { inviteMember } from '../api/team-api';
import { CallError } from '../components/error-text';
import { draftProblem, MemberFields, NameField, type MemberDraft } from './member-fields';
import styles from './team.module.css';

const EMPTY: MemberDraft = { roles: ['reviewer'], programs: null };

/**
 * POST /api/staff/team: the address gets an e-mail to sign up or log in, and its rights at its next login. The
 * person's name is asked for too (issue 49): the console shows it wherever it showed the address.
 */
export function InviteForm({ onInvited }: { onInvited: (invited: { email: string; name: string }) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [draft, setDraft] = useState<MemberDraft>(EMPTY);
  const [problem, setProblem] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const local =
      email.trim() === ''
        ? 'Enter the e-mail address of the person to invite.'
        : name.trim() === ''
          ? 'Enter the name of the person to invite.'
          : draftProblem(draft);
    setProblem(local);
    if (local) return;
    setBusy(true);
    try {
      await inviteMember({ email: email.trim(), name: name.trim(), ...draft });
      onInvited({ email: email.trim(), name: name.trim() });
      setEmail('');
      setName('');
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
      <NameField value={name} onChange={setName} required />
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
