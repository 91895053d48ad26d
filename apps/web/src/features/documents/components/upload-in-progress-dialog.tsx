import { FILE_MESSAGES } from '@admissions/domain';
import { Modal } from '../../../components/ui/modal';

interface UploadInProgressDialogProps {
  open: boolean;
  onClose: () => void;
  /** Focus after closing (the dialog opens by itself, with no trigger to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

/** SPEC section 4, Tabs: a switch refused while a file is on its way, or its deletion failed. */
export function UploadInProgressDialog({ open, onClose, onCloseAutoFocus }: UploadInProgressDialogProps) {
  return (
    <Modal
      title={FILE_MESSAGES.uploadInProgressTitle}
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <p>{FILE_MESSAGES.uploadInProgress}</p>
    </Modal>
  );
}
