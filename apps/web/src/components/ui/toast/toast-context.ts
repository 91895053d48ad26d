import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'error';

export interface ToastInput {
  /**
   * Give an id to show a toast at most once while it is open: the same id
   * again is ignored (effects that run twice, repeated messages).
   */
  id?: string;
  /** Also the toast's accessible name, e.g. 'Login Card Error'. */
  title: string;
  description?: string;
  severity: ToastSeverity;
}

export interface ToastApi {
  showToast: (toast: ToastInput) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
