import { MAX_BULK_APPLICATIONS, memberLabel, rightsOf, type TeamMember } from '@admissions/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectOptions } from '../../../components/ui/select-options';
import { ModalActions } from '../../../components/modal/modal-actions';
import { Modal } from '../../../components/ui/modal';
import { useTeam } from '../api/team-api';
import { assignReviewer, moveStages } from '../api/work-api';
import { useStages } from '../api/workflow-api';
import { CallError } from '../components/error-text';
import { hasRight, useStaffAccess } from '../components/staff-access';
import styles from '../components/staff.module.css';
import { usePrograms } from '../team/member-fields';
import { BulkDecisions } from './bulk-decisions';
import { useDialogCall } from './use-dialog-call';

interface BulkProps {
  ids: string[];
  /** The applicant's name of a selected row (the release's confirmation names who will be told). */
  nameOf?: (id: string) => string;
  /** The program of a selected row (the assignment offers only reviewers who may review every one); undefined: unknown. */
  programOf?: (id: string) => string | undefined;
  /** Called with what happened, for the list's live region; the selection is then cleared. */
  onDone: (message: string) => void;
}

export { SELECT_ALL_ID } from './use-dialog-call';

const plural = (n: number) => `${n.toLocaleString('en-US')} application${n === 1 ? '' : 's'}`;

/** What the office does with the selected rows: assign them to a reviewer, move them to a stage (one call each). */
export function BulkActions({ ids, nameOf = (id) => id, programOf, onDone }: BulkProps) {
  const me = useStaffAccess();
  const canAssign = hasRight(me, 'manage_team');
  const canMove = hasRight(me, 'move_stage');
  const canDecide = hasRight(me, 'decide');
  if (!canAssign && !canMove && !canDecide) return null;
  return (
    <div className={styles.bulk} role="group" aria-label="With the selected applications">
      <span>{ids.length === 0 ? 'No application selected' : `${plural(ids.length)} selected`}</span>
      {canAssign && <AssignDialog ids={ids} programOf={programOf} onDone={onDone} />}
      {canMove && <MoveDialog ids={ids} onDone={onDone} />}
      {canDecide && <BulkDecisions ids={ids} nameOf={nameOf} onDone={onDone} />}
    </div>
  );
}

/**
 * Who may review every one of the selected applications (issue 49): a member with the review right whose programs
 * cover each one's program. A program the list does not know leaves only the members of every program. The server
 * checks again.
 */
function eligibleReviewers(members: readonly TeamMember[], programs: readonly (string | undefined)[]): TeamMember[] {
  return members.filter(
    (m) =>
      rightsOf(m.roles).has('review') &&
      (m.programs === null || programs.every((p) => p !== undefined && m.programs!.includes(p))),
  );
}

function AssignDialog({ ids, programOf = () => undefined, onDone }: BulkProps) {
  const id = useId();
  const dialog = useDialogCall();
  const team = useTeam();
  const { programLabel } = usePrograms();
  const [reviewer, setReviewer] = useState('');
  const programs = [...new Set(ids.map(programOf))];
  const reviewers = eligibleReviewers(team.data?.members ?? [], programs).sort((a, b) =>
    memberLabel(a).localeCompare(memberLabel(b), 'en'),
  );
  // A member's name, with the address and programs that tell two of the same name apart.
  const optionLabel = (m: TeamMember) => {
    const scope = m.programs ? m.programs.map(programLabel).join(', ') : '';
    const extra = [m.name !== null ? m.email : '', scope].filter(Boolean).join('; ');
    return extra ? `${memberLabel(m)} (${extra})` : memberLabel(m);
  };
  const chosen = reviewers.find((m) => m.email === reviewer);
  const tooMany = ids.length > MAX_BULK_APPLICATIONS;
  const assign = () =>
    dialog.run(async () => {
      const result = await assignReviewer({ reviewer, application_ids: ids });
      onDone(
        `${plural(result.assigned)} assigned to ${chosen ? memberLabel(chosen) : reviewer}` +
          (result.already_assigned ? `; ${plural(result.already_assigned)} already were.` : '.'),
      );
    });
  return (
    <Modal
      title="Assign to reviewer"
      size="s"
      {...dialog.modal}
      trigger={
        <Button variant="secondary" disabled={ids.length === 0}>
          Assign to reviewer…
        </Button>
      }
      actions={
        <ModalActions
          confirmLabel="Assign"
          onConfirm={() => void assign()}
          busy={dialog.busy}
          confirmDisabled={!chosen || tooMany}
        />
      }
    >
      <p>
        Assign {plural(ids.length)} to one reviewer. Only the reviewers who may review every selected application are
        offered: a reviewer limited to some programs can only be given applications to those programs.
      </p>
      {tooMany && <p>At most {MAX_BULK_APPLICATIONS} applications can be assigned at once.</p>}
      <div className={styles.filter}>
        <label htmlFor={`${id}-reviewer`}>Reviewer</label>
        <select id={`${id}-reviewer`} value={reviewer} onChange={(e) => setReviewer(e.target.value)}>
          <SelectOptions
            none="Choose a reviewer"
            options={reviewers.map((m) => ({ value: m.email, label: optionLabel(m) }))}
          />
        </select>
      </div>
      {team.data && reviewers.length === 0 && <p>No reviewer may review every selected application.</p>}
      <CallError error={dialog.error ?? team.error} hide={['application_ids']} />
    </Modal>
  );
}

function MoveDialog({ ids, onDone }: BulkProps) {
  const id = useId();
  const dialog = useDialogCall();
  const stages = useStages();
  const [stage, setStage] = useState('');
  const label = stages.data?.stages.find((s) => s.id === stage)?.label ?? stage;
  const tooMany = ids.length > MAX_BULK_APPLICATIONS;
  const move = () =>
    dialog.run(async () => {
      await moveStages({ stage, application_ids: ids });
      onDone(`${plural(ids.length)} moved to ${label}.`);
    });
  return (
    <Modal
      title="Move to stage"
      size="s"
      {...dialog.modal}
      trigger={
        <Button variant="secondary" disabled={ids.length === 0}>
          Move to stage…
        </Button>
      }
      actions={
        <ModalActions
          confirmLabel="Move"
          onConfirm={() => void move()}
          busy={dialog.busy}
          confirmDisabled={!stage || tooMany}
        />
      }
    >
      <p>Move {plural(ids.length)} to one stage.</p>
      {tooMany && <p>At most {MAX_BULK_APPLICATIONS} applications can be moved at once.</p>}
      <div className={styles.filter}>
        <label htmlFor={`${id}-stage`}>Stage</label>
        <select id={`${id}-stage`} value={stage} onChange={(e) => setStage(e.target.value)}>
          <SelectOptions
            none="Choose a stage"
            options={(stages.data?.stages ?? []).map((s) => ({ value: s.id, label: s.label }))}
          />
        </select>
      </div>
      <CallError error={dialog.error ?? stages.error} />
    </Modal>
  );
}
