import { memberLabel, type TeamMember } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { SIGN_IN_METHOD_WORDS } from '../../staff-sign-in/components/sign-in-words';
import { TEAM_KEY, useTeam } from '../api/team-api';
import { useResultFocus } from '../components/use-result-focus';
import styles from '../components/staff.module.css';
import { Loaded, staffRoute, StaffTable } from '../components/staff-page';
import { InviteForm } from './invite-form';
import { ROLE_LABELS, usePrograms } from './member-fields';
import { MEMBERS_TITLE_ID, MemberActions } from './member-actions';
import { ResetSecondFactor } from './reset-second-factor';

/** The office's team (administrators): /staff/team. */
export const TeamRoute = staffRoute('manage_team', 'Team', TeamSections);

function TeamSections() {
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
    <>
      <p className={styles.summary} role="status" ref={result.ref} tabIndex={-1}>
        {said}
      </p>
      <section aria-labelledby={MEMBERS_TITLE_ID} className={styles.page}>
        <h2 id={MEMBERS_TITLE_ID} tabIndex={-1} className={styles.sectionTitle}>
          Members
        </h2>
        <Loaded query={team}>{(data) => <MembersTable members={data.members} onDone={done} />}</Loaded>
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
    </>
  );
}

function MembersTable({ members, onDone }: { members: TeamMember[]; onDone: (message: string) => void }) {
  const { programLabel } = usePrograms();
  const time = useZonedTime();
  const queryClient = useQueryClient();
  const onReset = () => void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
  return (
    <StaffTable
      caption="Members of the admissions office"
      columns={['Member', 'Roles', 'Programs', 'Status', 'Invited', 'Last seen', 'Sign-in', 'Second factor', 'Actions']}
    >
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
            {/* How and when they last signed in, and whether a second factor is set up (issue 44). */}
            <td data-label="Sign-in">
              {m.last_sign_in_at && m.last_sign_in_method
                ? `${SIGN_IN_METHOD_WORDS[m.last_sign_in_method]}, ${time(m.last_sign_in_at)}`
                : 'Not yet'}
            </td>
            <td data-label="Second factor">
              {m.mfa_enrolled ? 'Set up' : 'Not set up'}
              {m.mfa_enrolled && <ResetSecondFactor member={m} onDone={onReset} />}
            </td>
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
    </StaffTable>
  );
}
