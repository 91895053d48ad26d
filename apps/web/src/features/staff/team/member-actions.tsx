import { memberLabel, type TeamMember } from '@admissions/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useModalCall } from '../../../components/modal/use-modal-call';
import { Modal } from '../../../components/ui/modal';
import { changeMember, removeMember } from '../api/team-api';
import { CallError } from '../components/error-text';
import { draftProblem, MemberFields, NameField, type MemberDraft } from './member-fields';
import styles from './team.module.css';

export const MEMBERS_TITLE_ID = 'members-title';

/**
 * Change a member's name, roles or programs, or remove them after a confirmation. A member is called by name, and
 * by address until they have one (issue 49).
 * Cancel comes first in each dialog, so Enter never removes by accident.
 */
export function MemberActions({ member, onDone }: { member: TeamMember; onDone: (message: string) => void }) {
  return (
    <div className={styles.rowActions}>
      <ChangeDialog member={member} onDone={onDone} />
      <RemoveDialog member={member} onDone={onDone} />
    </div>
  );
}

function ChangeDialog({ member, onDone }: { member: TeamMember; onDone: (message: string) => void }) {
  const label = memberLabel(member);
  const [draft, setDraft] = useState<MemberDraft>({ roles: member.roles, programs: member.programs });
  const [name, setName] = useState(member.name ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const dialog = useModalCall({
    onOpen: () => {
      setDraft({ roles: member.roles, programs: member.programs });
      setName(member.name ?? '');
      setProblem(undefined);
    },
  });
  const save = () => {
    // A named member keeps a name; one invited before names were asked for may stay unnamed.
    const local = member.name !== null && name.trim() === '' ? "Enter the member's name." : draftProblem(draft);
    setProblem(local);
    if (local) return dialog.clearError();
    void dialog.run(async () => {
      await changeMember({ email: member.email, name, ...draft });
      onDone(`${name.trim() || label} was changed. It takes effect at their next request.`);
    });
  };
  return (
    <Modal
      title={`Change ${label}`}
      size="s"
      {...dialog.modal}
      trigger={
        <Button variant="secondary" aria-label={`Change ${label}`}>
          Change
        </Button>
      }
      actions={<ModalActions confirmLabel="Save" onConfirm={save} busy={dialog.busy} />}
    >
      <div className={styles.form}>
        <p className={styles.hint}>{member.email}</p>
        <NameField value={name} onChange={setName} required={member.name !== null} />
        <MemberFields value={draft} onChange={setDraft} />
        {problem && <InlineAlert severity="error">{problem}</InlineAlert>}
        <CallError error={dialog.error} />
      </div>
    </Modal>
  );
}

function RemoveDialog({ member, onDone }: { member: TeamMember; onDone: (message: string) => void }) {
  const label = memberLabel(member);
  // Once removed, its row is gone: focus goes to the list's title, not to a vanished button.
  const dialog = useModalCall({ focusAfter: () => document.getElementById(MEMBERS_TITLE_ID) });
  const remove = () =>
    dialog.run(async () => {
      await removeMember(member.email);
      onDone(`${label} was removed from the team; their sessions have ended.`);
    });
  return (
    <Modal
      title={`Remove ${label}?`}
      {...dialog.modal}
      trigger={
        <Button variant="secondary" aria-label={`Remove ${label}`}>
          Remove
        </Button>
      }
      actions={<ModalActions confirmLabel="Remove" onConfirm={() => void remove()} busy={dialog.busy} />}
    >
      <p>They will no longer see any application, and their open sessions end at once.</p>
      <CallError error={dialog.error} />
    </Modal>
  );
}
