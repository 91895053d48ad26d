import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'error';

export interface ToastInput {
  /**
   * Give an id to end the toast with dismissToast when its action succeeds.
   * Whatever the id, a toast with the severity, title and text of one already
   * open is that one: the same message never shows twice at once.
   */
  id?: string;
  /** Also the toast's accessible name, e.g. 'Login Card Error'. */
  title: string;
  description?: string;
  severity: ToastSeverity;
  /**
   * The path of the screen the toast is about: the one it arrives with
   * (a message handed over in navigation state), or the one about to be
   * moved to. Without it, the toast is about the screen it is shown on.
   * Either way it ends when the user moves to another screen.
   */
  screen?: string;
}

export interface ToastApi {
  /** Shows a toast; one identical to a toast already open (same id, or same severity, title and text) is not added again. */
  showToast: (toast: ToastInput) => void;
  /** Ends the toast with this id, e.g. when the action it reported succeeds. */
  dismissToast: (id: string) => void;
  /** The user moved to `screen`: every toast but those about it ends, success or error, as it no longer applies. */
  leaveScreen: (screen: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
