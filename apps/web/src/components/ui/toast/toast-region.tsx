import * as Toast from '@radix-ui/react-toast';
import { ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from '@admissions/domain';
import { useId, useRef } from 'react';
import type { ToastInput } from './toast-context';
import { useToastInView } from './toast-in-view';
import styles from './toast.module.css';

export type ShownToast = ToastInput & {
  id: string;
  open: boolean;
  /** The ids of later showings of the same message, which dismissToast also ends. */
  aliases?: string[];
};

/** The toasts on screen and the F8 landmark they live in, drawn by Radix (ToastProvider holds their state). */
export function ToastRegion({ toasts, onClosed }: { toasts: ShownToast[]; onClosed: (id: string) => void }) {
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClosed={onClosed} />
      ))}
      <Toast.Viewport className={styles.viewport} hotkey={[...TOAST_HOTKEY]} data-toast-viewport="" />
    </Toast.Provider>
  );
}

function ToastItem({ toast, onClosed }: { toast: ShownToast; onClosed: (id: string) => void }) {
  const titleId = useId();
  const isError = toast.severity === 'error';
  const root = useRef<HTMLLIElement>(null);
  useToastInView(root);
  return (
    <Toast.Root
      ref={root}
      className={styles.toast}
      data-severity={toast.severity}
      // Errors interrupt (assertive); successes wait their turn (polite).
      type={isError ? 'foreground' : 'background'}
      duration={isError ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS}
      open={toast.open}
      onOpenChange={(open) => {
        if (!open) onClosed(toast.id);
      }}
      aria-labelledby={titleId}
    >
      <span className={styles.icon} aria-hidden="true">
        {isError ? '!' : '✓'}
      </span>
      <div className={styles.text}>
        <Toast.Title id={titleId} className={styles.title}>
          {toast.title}
        </Toast.Title>
        {toast.description && <Toast.Description className={styles.description}>{toast.description}</Toast.Description>}
      </div>
      <Toast.Close className={styles.close} aria-label="Close">
        <span aria-hidden="true">×</span>
      </Toast.Close>
    </Toast.Root>
  );
}
