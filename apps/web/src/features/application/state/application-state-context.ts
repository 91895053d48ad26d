import type { Answers, DocumentAnswer, FormDefinition, ValidationErrors, WebStatus } from '@admissions/domain';
import { createContext, useContext } from 'react';
import type { ClientSnapshot } from './client-snapshot';

export interface ViewState {
  addAnother: Record<string, number>;
  tabs: Record<string, string>;
}

/** The state of the application shared by every form page (see application-state-provider.tsx). */
export interface ApplicationState {
  form: FormDefinition;
  snapshot: ClientSnapshot;
  /** Saved answers with the unsaved edits on top. */
  answers: Answers;
  /** At least one answer is non-empty (decides where a visitor's buttons lead). */
  hasAnswers: boolean;
  view: ViewState;
  documents: Readonly<Record<string, DocumentAnswer>>;
  /** The errors to show, under fields and in the summary: empty unless the web status is validating. */
  shownErrors: ValidationErrors;
  onChange(changes: Answers): void;
  /** Defined only while logged in. */
  onAddAnother?: (buttonId: string, count: number) => void;
  /** Defined only while logged in. */
  onRemoveRepeat?: (buttonId: string, number: number, itemTitle: string) => Promise<void>;
  /** Defined only while logged in. */
  onTabChange?: (tabId: string, chosenTab: string) => void;

  /** Sends the unsaved edits (logged in only); rejects with the call's error. */
  saveAnswers(): Promise<void>;
  /** Runs the rules over the current answers now. */
  validate(): ValidationErrors;
  /** SPEC section 4: posts the errors only while validating and only when there is at least one. */
  saveValidations(): Promise<void>;
  /** Sets the status locally and posts it. */
  setWebStatus(status: WebStatus): Promise<void>;
  /** The server's errors from a refused submit (422), shown with the browser's own. */
  showServerErrors(errors: Record<string, string[]>): void;
  markPageChanged(): void;
  /** Move focus to the validation summary once it is shown on `path`. */
  requestSummaryFocus(path: string): void;
  /** True once per request, for the summary on the requested page. */
  takeSummaryFocus(path: string): boolean;
  /** Changes with every focus request, so the summary is announced anew. */
  summaryFocusKey: number;
  /** The success message to show on /completion after this visit's submit. */
  completionMessage: string | undefined;
  setCompletionMessage(message: string | undefined): void;
}

export const ApplicationStateContext = createContext<ApplicationState | null>(null);

export function useApplicationState(): ApplicationState {
  const state = useContext(ApplicationStateContext);
  if (!state) throw new Error('useApplicationState must be used inside <ApplicationStateProvider>.');
  return state;
}
