import * as Toast from '@radix-ui/react-toast';
import { ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from '@admissions/domain';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastInput } from './toast-context';
import styles from './toast.module.css';

type ShownToast = ToastInput & { id: string; open: boolean };

/** Toasts of SPEC section 9: 5 s (errors 5 min, so they can be read), swipe 50 px, F8 jumps to them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);

  const showToast = useCallback((input: ToastInput) => {
    // Identical toasts do not stack: a second 'Save Error' with the same text is the first one.
    const toast = {
      ...input,
      id: input.id ?? `${input.severity}\n${input.title}\n${input.description ?? ''}`,
      open: true,
    };
    setToasts((shown) =>
      shown.some((t) => t.id === toast.id && t.open)
        ? shown
        : [...shown.filter((t) => t.open && t.id !== toast.id), toast],
    );
  }, []);

  // Closing goes through Radix (open=false) so it can animate and give focus back; onClosed then removes it.
  const close = useCallback(
    (which: (t: ShownToast) => boolean) =>
      setToasts((shown) =>
        shown.some((t) => t.open && which(t)) ? shown.map((t) => (which(t) ? { ...t, open: false } : t)) : shown,
      ),
    [],
  );
  const dismissToast = useCallback((id: string) => close((t) => t.id === id), [close]);
  const dismissErrors = useCallback(
    (screen: string) => close((t) => t.severity === 'error' && t.screen !== screen),
    [close],
  );
  const remove = useCallback((id: string) => setToasts((shown) => shown.filter((t) => t.id !== id)), []);
  const api = useMemo(() => ({ showToast, dismissToast, dismissErrors }), [showToast, dismissToast, dismissErrors]);

  return (
    <ToastContext value={api}>
      <Toast.Provider duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD}>
        {children}
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClosed={remove} />
        ))}
        <Toast.Viewport className={styles.viewport} hotkey={[...TOAST_HOTKEY]} data-toast-viewport="" />
      </Toast.Provider>
    </ToastContext>
  );
}

function ToastItem({ toast, onClosed }: { toast: ShownToast; onClosed: (id: string) => void }) {
  const titleId = useId();
  const isError = toast.severity === 'error';
  return (
    <Toast.Root
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
