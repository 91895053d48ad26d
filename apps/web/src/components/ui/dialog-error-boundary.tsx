import { GENERIC_ERROR_MESSAGE } from '@admissions/domain';
import { Component, createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-errors';
import { Modal } from './modal';

type ReportError = (error: unknown) => void;

const DialogErrorContext = createContext<ReportError | null>(null);

/** The message of an error for the dialog: ours are written for users; a bare Error says what went wrong. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message !== '') return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/**
 * SPEC section 8: errors of the wrapped controls (the Save and Submit
 * buttons) show in a modal headed 'Unexpected Error' with the error's
 * message. Errors of event handlers and calls are passed in with
 * useDialogError(); an error while rendering is caught as well, and the
 * controls come back when the dialog is closed.
 */
export function DialogErrorBoundary({ children }: { children: ReactNode }) {
  const [error, setError] = useState<{ value: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const report = useCallback((value: unknown) => setError({ value }), []);

  const close = () => {
    setError(null);
    setAttempt((n) => n + 1);
  };

  return (
    <DialogErrorContext value={report}>
      <RenderErrorCatcher key={attempt} onError={report}>
        {children}
      </RenderErrorCatcher>
      <Modal title="Unexpected Error" open={error !== null} onOpenChange={(open) => !open && close()}>
        <p>{error && messageOf(error.value)}</p>
      </Modal>
    </DialogErrorContext>
  );
}

/** Reports an error to the nearest DialogErrorBoundary. */
export function useDialogError(): ReportError {
  const report = useContext(DialogErrorContext);
  if (!report) throw new Error('useDialogError must be used inside <DialogErrorBoundary>.');
  return report;
}

class RenderErrorCatcher extends Component<{ children: ReactNode; onError: ReportError }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
