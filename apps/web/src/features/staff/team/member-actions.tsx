import type { TeamMember } from '@admissions/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { changeMember, removeMember } from '../api/team-api';
import { CallError } from '../components/error-text';
import { draftProblem, MemberFields, type MemberDraft } from './member-fields';
import styles from './team.module.css';

export const MEMBERS_TITLE_ID = 'members-title';

/**
 * Change a member's roles or programs, or remove them after a confirmation.
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
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<MemberDraft>({ roles: member.roles, programs: member.programs });
  const [problem, setProblem] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setError(undefined);
    const local = draftProblem(draft);
    setProblem(local);
    if (local) return;
    setBusy(true);
    try {
      await changeMember({ email: member.email, ...draft });
      setOpen(false);
      onDone(`${member.email} was changed. It takes effect at their next request.`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`Change ${member.email}`}
      size="s"
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) {
          setDraft({ roles: member.roles, programs: member.programs });
          setProblem(undefined);
          setError(undefined);
        }
        setOpen(next);
      }}
      trigger={
        <Button variant="secondary" aria-label={`Change ${member.email}`}>
          Change
        </Button>
      }
      actions={
        <>
          <ModalClose asChild>
            <Button variant="secondary" disabled={busy}>
              Cancel
            </Button>
          </ModalClose>
          <Button onClick={() => void save()} loading={busy}>
            Save
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <MemberFields value={draft} onChange={setDraft} />
        {problem && <InlineAlert severity="error">{problem}</InlineAlert>}
        <CallError error={error} />
      </div>
    </Modal>
  );
}

function RemoveDialog({ member, onDone }: { member: TeamMember; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [removed, setRemoved] = useState(false);
  const remove = async () => {
    setError(undefined);
    setBusy(true);
    try {
      await removeMember(member.email);
      setRemoved(true);
      setOpen(false);
      onDone(`${member.email} was removed from the team; their sessions have ended.`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`Remove ${member.email}?`}
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) setError(undefined);
        setOpen(next);
      }}
      // Once removed, its row is gone: focus goes to the list's title, not to a vanished button.
      onCloseAutoFocus={(event) => {
        if (!removed) return;
        event.preventDefault();
        document.getElementById(MEMBERS_TITLE_ID)?.focus();
      }}
      trigger={
        <Button variant="secondary" aria-label={`Remove ${member.email}`}>
          Remove
        </Button>
      }
      actions={
        <>
          <ModalClose asChild>
            <Button variant="secondary" disabled={busy}>
              Cancel
            </Button>
          </ModalClose>
          <Button onClick={() => void remove()} loading={busy}>
            Remove
          </Button>
        </>
      }
    >
      <p>They will no longer see any application, and their open sessions end at once.</p>
      <CallError error={error} />
    </Modal>
  );
}
