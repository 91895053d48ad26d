import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

interface PrivacyDialogProps {
  partnerName: string;
  privacyPolicyUrl: string;
}

export function PrivacyDialog({ partnerName, privacyPolicyUrl }: PrivacyDialogProps) {
  return (
    <Modal
      title="Privacy Policy and Cookie Notice"
      size="s"
      trigger={
        <Button variant="text" type="button">
          Privacy Policy and Cookie Notice
        </Button>
      }
    >
      <p>
        This application uses cookies that are needed to keep you signed in while you work on your application. They are
        not used for advertising.
      </p>
      <p>
        The answers you give are used by {partnerName} to consider your application for admission. To learn how{' '}
        {partnerName} collects, uses and protects your information, read the{' '}
        <a href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
          {partnerName} Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
    </Modal>
  );
}
