import { useModalCall } from '../../../components/modal/use-modal-call';

/** The list's "Select all on this page" box: focus goes there once an action is done (its button is then disabled). */
export const SELECT_ALL_ID = 'select-all-on-page';

/** A dialog of the list's selection that makes one call (useModalCall), with focus to "Select all" once it is done. */
export const useDialogCall = (onOpen?: () => void) =>
  useModalCall({ onOpen, focusAfter: () => document.getElementById(SELECT_ALL_ID) });
