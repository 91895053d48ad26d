import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

export function TechnicalHelpDialog({ helpEmail }: { helpEmail: string }) {
  return (
    <Modal
      title="Technical Help"
      trigger={
        <Button variant="text" type="button">
          Technical Help
        </Button>
      }
    >
      <p>
        Having trouble with the application? E-mail us at <a href={`mailto:${helpEmail}`}>{helpEmail}</a> and describe
        what happened, including the page you were on.
      </p>
      <p>We will reply as soon as possible.</p>
    </Modal>
  );
}
