import type { Answers, ValidationErrors } from '@admissions/domain';
import { createContext, useContext, type Context } from 'react';
import type { ClientSnapshot } from './client-snapshot';

/*
 * The fourth slice, the form and what acts on the state, lives in components/form/application-form-context.ts:
 * the closed cycle's notice above the pages reads it too (issue 40). It is exported here with the others.
 */
export {
  ApplicationFormContext,
  useApplicationForm,
  type ApplicationForm,
  type ViewState,
} from '../../../components/form/application-form-context';

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

export const ApplicationAnswersContext = createContext<ApplicationAnswers | null>(null);
export const ApplicationVisitContext = createContext<ApplicationVisit | null>(null);
export const ApplicationErrorsContext = createContext<ApplicationErrors | null>(null);

function useSlice<T>(context: Context<T | null>, name: string): T {
  const slice = useContext(context);
  if (!slice) throw new Error(`${name} must be used inside <ApplicationStateProvider>.`);
  return slice;
}

export const useApplicationAnswers = () => useSlice(ApplicationAnswersContext, 'useApplicationAnswers');
export const useApplicationVisit = () => useSlice(ApplicationVisitContext, 'useApplicationVisit');
export const useApplicationErrors = () => useSlice(ApplicationErrorsContext, 'useApplicationErrors');
