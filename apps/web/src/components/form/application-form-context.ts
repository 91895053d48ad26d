import type { Answers, DocumentAnswer, FormDefinition, ValidationErrors, WebStatus } from '@admissions/domain';
import { createContext, useContext } from 'react';

/*
 * The slice of the application's state (features/application/state, decision 006) that changes only with
 * add-another counts, tabs and documents. It lives below the features because more than the application's own
 * pages read it: the closed cycle's notice above them (features/cycles) reads its form (issue 40).
 */

export interface ViewState {
  addAnother: Record<string, number>;
  tabs: Record<string, string>;
}

/** The form and what acts on the state: changes only with add-another counts, tabs and documents. */
export interface ApplicationForm {
  form: FormDefinition;
  view: ViewState;
  documents: Readonly<Record<string, DocumentAnswer>>;
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
  setCompletionMessage(message: string | undefined): void;
}

export const ApplicationFormContext = createContext<ApplicationForm | null>(null);

export function useApplicationForm(): ApplicationForm {
  const slice = useContext(ApplicationFormContext);
  if (!slice) throw new Error('useApplicationForm must be used inside <ApplicationStateProvider>.');
  return slice;
}
