import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export const STILL_WORKING_TITLE = 'Still working?';
export const STILL_WORKING_TEXT = 'You have been inactive for a little while. Would you like to stay logged in?';
/** Not shown, but read with the focused 'Yes' button: the time limit is said, not only implied (WCAG 2.2.1). */
export const STILL_WORKING_TIME_NOTICE = 'For your security, you will be logged out automatically in about one minute.';
export const STAY_BUTTON = 'Yes - Take me back to my application';
export const LOG_OUT_BUTTON = 'No - Please log me out';

interface StillWorkingDialogProps {
  open: boolean;
  onStay: () => void;
  onLogOut: () => void;
  loggingOut: boolean;
}

/**
 * The inactivity warning (SPEC section 4). Focus starts on 'Yes' (the first
 * control), whose description is the dialog's text and the time notice, so a
 * screen reader reads the title, the choice and the time left together.
 * Escape or a click outside means 'Yes': the dialog never closes while the
 * logout is still coming.
 */
export function StillWorkingDialog({ open, onStay, onLogOut, loggingOut }: StillWorkingDialogProps) {
  const textId = useId();
  const noticeId = useId();
  useReturnFocus(open);
  return (
    <Modal
      title={STILL_WORKING_TITLE}
      open={open}
      onOpenChange={(next) => {
        if (!next && !loggingOut) onStay();
      }}
      actions={
        <>
          <Button onClick={onStay} disabled={loggingOut} aria-describedby={`${textId} ${noticeId}`}>
            {STAY_BUTTON}
          </Button>
          <Button variant="secondary" onClick={onLogOut} loading={loggingOut}>
            {LOG_OUT_BUTTON}
          </Button>
        </>
      }
    >
      <p id={textId}>{STILL_WORKING_TEXT}</p>
      <p id={noticeId} className="visually-hidden">
        {STILL_WORKING_TIME_NOTICE}
      </p>
    </Modal>
  );
}

/**
 * Radix's Dialog gives focus back to its trigger on close, and this dialog
 * opens by itself, without one: focus would fall to the page's start. So the
 * element that had focus when it opened (the field being typed in) gets it back.
 */
function useReturnFocus(open: boolean): void {
  const returnTo = useRef<HTMLElement | null>(null);

  // A layout effect, to look before the dialog's content mounts and takes focus.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    return () => {
      const target = returnTo.current;
      returnTo.current = null;
      // After Radix's own clean-up, which runs on the next tick too.
      setTimeout(() => {
        if (target?.isConnected) target.focus();
      }, 0);
    };
  }, [open]);
}
