import { memberLabel, type TeamMember } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { PageLoading } from '../../../components/ui/page-loading';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { TEAM_KEY, useTeam } from '../api/team-api';
import { CallError } from '../components/error-text';
import { StaffGate } from '../components/staff-gate';
import { useResultFocus } from '../components/use-result-focus';
import styles from '../components/staff.module.css';
import { InviteForm } from './invite-form';
import { ROLE_LABELS, usePrograms } from './member-fields';
import { MEMBERS_TITLE_ID, MemberActions } from './member-actions';

/** The office's team (administrators): /staff/team. */
export function TeamRoute() {
  return (
    <StaffGate right="manage_team">
      <TeamPage />
    </StaffGate>
  );
}

function TeamPage() {
  usePageTitle('Team');
  const team = useTeam();
  const queryClient = useQueryClient();
  const [said, setSaid] = useState('');
  // After "Send invitation", focus moves to the result's message (issue 49): the form it came from is emptied.
  const result = useResultFocus();
  const done = (message: string) => {
    setSaid(message);
    void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
  };
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Team</h1>
      <p className={styles.summary} role="status" ref={result.ref} tabIndex={-1}>
        {said}
      </p>
      <section aria-labelledby={MEMBERS_TITLE_ID} className={styles.page}>
        <h2 id={MEMBERS_TITLE_ID} tabIndex={-1} className={styles.sectionTitle}>
          Members
        </h2>
        {team.isError ? (
          <CallError error={team.error} />
        ) : !team.data ? (
          <PageLoading />
        ) : (
          <MembersTable members={team.data.members} onDone={done} />
        )}
      </section>
      <section aria-labelledby="invite-title" className={styles.page}>
        <h2 id="invite-title" className={styles.sectionTitle}>
          Invite a member
        </h2>
        <InviteForm
          onInvited={(m) => {
            done(`An invitation was sent to ${m.name} (${m.email}).`);
            result.focusResult();
          }}
        />
      </section>
    </div>
  );
}

function MembersTable({ members, onDone }: { members: TeamMember[]; onDone: (message: string) => void }) {
  const { programLabel } = usePrograms();
  const time = useZonedTime();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Members of the admissions office</caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Roles</th>
            <th scope="col">Programs</th>
            <th scope="col">Status</th>
            <th scope="col">Invited</th>
            <th scope="col">Last seen</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.email}>
              <th scope="row" className={styles.nameCell}>
                {memberLabel(m)}
                {m.name !== null && (
                  <>
                    <br />
                    <span className={styles.muted}>{m.email}</span>
                  </>
                )}
              </th>
              <td data-label="Roles">{m.roles.map((r) => ROLE_LABELS[r]).join(', ')}</td>
              <td data-label="Programs">{m.programs ? m.programs.map(programLabel).join(', ') : 'Every program'}</td>
              <td data-label="Status">{m.status === 'active' ? 'Active' : 'Invited'}</td>
              <td data-label="Invited">{m.invited_at ? time(m.invited_at) : ''}</td>
              <td data-label="Last seen">{m.last_seen_at ? time(m.last_seen_at) : 'Not yet'}</td>
              <td>
                {m.from_environment ? (
                  <span className={styles.muted}>Administrator from the server's settings (STAFF_EMAILS)</span>
                ) : (
                  <MemberActions member={m} onDone={onDone} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
