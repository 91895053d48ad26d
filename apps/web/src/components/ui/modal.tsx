import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './modal.module.css';

/** SPEC section 2: xs 30rem (default), s 60rem, m 80vw; on tablets xs 30rem, s 70vw, m 90vw. */
export type ModalSize = 'xs' | 's' | 'm';

interface ModalProps {
  title: string;
  children: ReactNode;
  size?: ModalSize;
  /** The element that opens the modal (wrapped with Radix's trigger, so it must accept a ref and onClick). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Buttons at the bottom; a Close button is added when none are given. */
  actions?: ReactNode;
  /** Where focus goes on close; call event.preventDefault() to keep Radix from returning it to the trigger. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function Modal({ title, children, size = 'xs', trigger, open, onOpenChange, actions, onCloseAutoFocus }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        {/* The body text describes the dialog; Radix wants that said explicitly when there is no Description part. */}
        <Dialog.Content className={styles.content} data-size={size} aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
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

/** Wrap a button in this to make it close the surrounding modal. */
export const ModalClose = Dialog.Close;
