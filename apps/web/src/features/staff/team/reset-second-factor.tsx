import { memberLabel, type TeamMember } from '@admissions/domain';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useModalCall } from '../../../components/modal/use-modal-call';
import { resetSecondFactor } from '../api/team-api';
import { CallError } from '../components/error-text';
import { MEMBERS_TITLE_ID } from './member-actions';

/**
 * An administrator resets a member's second factor (issue 44), after a confirmation: a lost phone or passkey. The
 * member sets one up again at their next password sign-in; the reset is in the audit log. The server may ask the
 * administrator to confirm it is them first (REAUTH_REQUIRED): the console's fresh sign-in asks, then this goes on.
 */
export function ResetSecondFactor({ member, onDone }: { member: TeamMember; onDone: () => void }) {
  const label = memberLabel(member);
  const { showToast } = useToast();
  // Once reset, the button is gone from the row: focus goes to the list's title.
  const dialog = useModalCall({ focusAfter: () => document.getElementById(MEMBERS_TITLE_ID) });
  const reset = () =>
    dialog.run(async () => {
      await resetSecondFactor(member.email);
      showToast({
        title: 'Second factor reset',
        description: `${label} will set up a second factor again at their next sign-in.`,
        severity: 'success',
      });
      onDone();
    });
  return (
    <Modal
      title={`Reset the second factor of ${label}?`}
      {...dialog.modal}
      trigger={
        <Button variant="secondary" aria-label={`Reset second factor of ${label}`}>
          Reset second factor
        </Button>
      }
      actions={<ModalActions confirmLabel="Reset" onConfirm={() => void reset()} busy={dialog.busy} />}
    >
      <p>
        Their authenticator app, passkeys and recovery codes stop working. They set up a second factor again the next
        time they sign in with their password.
      </p>
      <CallError error={dialog.error} />
    </Modal>
  );
}
