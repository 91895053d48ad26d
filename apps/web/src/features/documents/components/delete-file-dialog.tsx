import { ModalActions } from '../../../components/modal/modal-actions';
import { Modal } from '../../../components/ui/modal';

export const DELETE_FILE_TITLE = 'Delete File';
export const DELETE_FILE_TEXT = 'Are you sure you want to delete your file?';

interface DeleteFileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDelete: () => void;
  deleting: boolean;
  /** Focus after closing: the Delete button when kept, the file input once deleted. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * SPEC section 4: deleting an uploaded file asks first. Cancel is the
 * first control, so Enter on an opened dialog never deletes by accident;
 * while the deletion runs the dialog stays open and cannot be dismissed.
 */
export function DeleteFileDialog({ open, onOpenChange, onDelete, deleting, onCloseAutoFocus }: DeleteFileDialogProps) {
  return (
    <Modal
      title={DELETE_FILE_TITLE}
      open={open}
      onOpenChange={(next) => {
        if (!deleting) onOpenChange(next);
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      actions={<ModalActions confirmLabel="Delete" onConfirm={onDelete} busy={deleting} />}
    >
      <p>{DELETE_FILE_TEXT}</p>
    </Modal>
  );
}
