import type { Answers, DocumentAnswer, FormDefinition, ValidationErrors, WebStatus } from '@admissions/domain';
import { createContext, useContext, type Context } from 'react';
import type { ClientSnapshot } from './client-snapshot';

export interface ViewState {
  addAnother: Record<string, number>;
  tabs: Record<string, string>;
}

/*
 * The state of the application shared by every form page (see application-state-provider.tsx), in slices
 * that change at different times: a consumer re-renders only when a slice it reads changes
 * (docs/decisions/006-application-state.md).
 */

/** Changes with every edit. */
export interface ApplicationAnswers {
  /** Saved answers with the unsaved edits on top. */
  answers: Answers;
  /** At least one answer is non-empty (decides where a visitor's buttons lead). */
  hasAnswers: boolean;
}

/** Changes with the status, the last page, the first move and a submit; not with the answers or their saves. */
export interface ApplicationVisit {
  snapshot: ClientSnapshot;
  /** The success message to show on /completion after this visit's submit. */
  completionMessage: string | undefined;
}

/** Changes with every edit while validating, and with each request to focus the summary. */
export interface ApplicationErrors {
  /** The errors to show, under fields and in the summary: empty unless the web status is validating. */
  shownErrors: ValidationErrors;
  /** Changes with every focus request, so the summary is announced anew. */
  summaryFocusKey: number;
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

export const ApplicationAnswersContext = createContext<ApplicationAnswers | null>(null);
export const ApplicationVisitContext = createContext<ApplicationVisit | null>(null);
export const ApplicationErrorsContext = createContext<ApplicationErrors | null>(null);
export const ApplicationFormContext = createContext<ApplicationForm | null>(null);

function useSlice<T>(context: Context<T | null>, name: string): T {
  const slice = useContext(context);
  if (!slice) throw new Error(`${name} must be used inside <ApplicationStateProvider>.`);
  return slice;
}

export const useApplicationAnswers = () => useSlice(ApplicationAnswersContext, 'useApplicationAnswers');
export const useApplicationVisit = () => useSlice(ApplicationVisitContext, 'useApplicationVisit');
export const useApplicationErrors = () => useSlice(ApplicationErrorsContext, 'useApplicationErrors');
export const useApplicationForm = () => useSlice(ApplicationFormContext, 'useApplicationForm');
