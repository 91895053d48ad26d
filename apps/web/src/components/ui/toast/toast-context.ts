import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'error';

export interface ToastInput {
  /**
   * Give an id to show a toast at most once while it is open (the same id
   * again is ignored) and to end it with dismissToast when its action succeeds.
   * Without one, the toast's severity, title and text are its id.
   */
  id?: string;
  /** Also the toast's accessible name, e.g. 'Login Card Error'. */
  title: string;
  description?: string;
  severity: ToastSeverity;
  /**
   * The path of the screen an error toast is about, when it is shown just
   * before moving there; otherwise it ends when the user moves on.
   */
  screen?: string;
}

export interface ToastApi {
  /** Shows a toast; one identical to a toast already shown (same id, or same severity, title and text) is not added again. */
  showToast: (toast: ToastInput) => void;
  /** Ends the toast with this id, e.g. when the action it reported succeeds. */
  dismissToast: (id: string) => void;
  /** Ends every error toast but those about `screen`: the user moved there, and the others no longer apply. */
  dismissErrors: (screen: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
