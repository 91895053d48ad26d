import {
  cloneElement,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { lazyPart, preloadWhenSettled } from './lazy-part';
import type { ModalSize } from './modal-size';

export type { ModalSize };

interface ModalProps {
  title: string;
  children: ReactNode;
  size?: ModalSize;
  /** The element that opens the modal (it must accept a ref, onClick, onFocus and onPointerEnter). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Buttons at the bottom; a Close button is added when none are given. */
  actions?: ReactNode;
  /** Where focus goes on close; call event.preventDefault() to move it yourself (e.g. when the trigger is gone). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** The dialog itself (Radix Dialog) is fetched on first use: most visits open none. */
const Dialog = lazyPart(() => import('./modal-dialog').then((m) => m.ModalDialog));
export const preloadModal = Dialog.preload;

const CloseModal = createContext<() => void>(() => {});

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
}

export function Modal({
  title,
  children,
  size = 'xs',
  trigger,
  open,
  onOpenChange,
  actions,
  onCloseAutoFocus,
}: ModalProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  // Mounted from the first opening on, so Radix can play its closing and give focus back.
  const [mounted, setMounted] = useState(isOpen);
  if (isOpen && !mounted) setMounted(true);
  const contentId = useId();
  const triggerRef = useRef<HTMLElement | null>(null);

  const setOpen = useCallback(
    (next: boolean) => {
      if (open === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [open, onOpenChange],
  );
  const close = useCallback(() => setOpen(false), [setOpen]);

  // A modal that opens by itself (a warning, an error) is fetched ahead, so it can show even
  // offline: once the page has long settled, never competing with its first load.
  const hasTrigger = trigger !== undefined;
  useEffect(() => {
    if (hasTrigger) return;
    return preloadWhenSettled(Dialog);
  }, [hasTrigger]);

  const preload = () => void Dialog.preload().catch(() => {});
  const triggerElement = isValidElement<TriggerProps>(trigger)
    ? cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
        ref: triggerRef,
        // What Radix's Dialog.Trigger says about the dialog it opens.
        'aria-haspopup': 'dialog',
        'aria-expanded': isOpen,
        'aria-controls': isOpen ? contentId : undefined,
        'data-state': isOpen ? 'open' : 'closed',
        onClick: (event: MouseEvent<HTMLElement>) => {
          trigger.props.onClick?.(event);
          if (!event.defaultPrevented) setOpen(!isOpen);
        },
        onFocus: (event: FocusEvent<HTMLElement>) => {
          trigger.props.onFocus?.(event);
          preload();
        },
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          trigger.props.onPointerEnter?.(event);
          preload();
        },
      })
    : trigger;

  return (
    <>
      {triggerElement}
      {mounted && (
        <CloseModal value={close}>
          <Dialog.Part
            title={title}
            size={size}
            actions={actions}
            open={isOpen}
            onOpenChange={setOpen}
            contentId={contentId}
            triggerRef={triggerRef}
            onCloseAutoFocus={onCloseAutoFocus}
          >
            {children}
          </Dialog.Part>
        </CloseModal>
      )}
    </>
  );
}

/** Wrap a button in this to make it close the surrounding modal. */
export function ModalClose({
  children,
}: {
  asChild?: boolean;
  children: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
}) {
  const close = useContext(CloseModal);
  return cloneElement(children, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      if (!event.defaultPrevented) close();
    },
  });
}
