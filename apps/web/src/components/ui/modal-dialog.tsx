import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { Button } from './button';
import type { ModalSize } from './modal-size';
import styles from './modal.module.css';

export interface ModalDialogProps {
  title: string;
  children: ReactNode;
  size: ModalSize;
  actions?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentId: string;
  /** Gets focus back when the dialog closes (Radix would give it to its own trigger). */
  triggerRef: RefObject<HTMLElement | null>;
  /** The caller's say on focus at close; after event.preventDefault() it moves focus itself. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** The open dialog of Modal (modal.tsx): Radix Dialog, fetched on first use. */
export function ModalDialog({
  title,
  children,
  size,
  actions,
  open,
  onOpenChange,
  contentId,
  triggerRef,
  onCloseAutoFocus,
}: ModalDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        {/* The body text describes the dialog; Radix wants that said explicitly when there is no Description part. */}
        <Dialog.Content
          id={contentId}
          className={styles.content}
          data-size={size}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented || !triggerRef.current) return;
            event.preventDefault();
            triggerRef.current.focus();
          }}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <div className={styles.body}>{children}</div>
          <div className={styles.actions}>
            {actions ?? (
              <Dialog.Close asChild>
                <Button variant="secondary">Close</Button>
              </Dialog.Close>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
