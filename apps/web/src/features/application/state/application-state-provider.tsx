import {
  buildForm,
  tenantAsKept,
  type Answers,
  type CarryOverConflict,
  type CarryOverResponse,
  type DocumentAnswer,
} from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PageLoading } from '../../../components/ui/page-loading';
import { CarryOverDialog } from '../components/carry-over-dialog';
import { WelcomeBanner } from '../components/welcome-banner';
import { useToast } from '../../../components/ui/toast/toast-context';
import { userMessage } from '../../../lib/api-errors';
import { useProfile } from '../../../shared/session/api/profile-api';
import { useIsLoggedIn } from '../../../shared/session/hooks/use-is-logged-in';
import { useIsServiceUser } from '../../../shared/session/hooks/use-is-service-user';
import { publishVisitorAnswers } from '../../../shared/session/visitor-answers';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import {
  ApplicationAnswersContext,
  ApplicationErrorsContext,
  ApplicationFormContext,
  ApplicationVisitContext,
  type ApplicationAnswers,
  type ApplicationErrors,
  type ApplicationForm,
  type ApplicationVisit,
} from './application-state-context';
import { useClientSnapshot } from './client-snapshot';
import { isHandledElsewhere } from './handled-errors';
import { withIncompleteDates } from './incomplete-dates';
import { mergeAnswersLocally } from './profile-cache';
import { useAnswers } from './use-answers';
import { useAutosave } from './use-autosave';
import { useBoot } from './use-boot';
import { usePageTracking } from './use-page-tracking';
import { useSummaryFocus } from './use-summary-focus';
import { useValidation } from './use-validation';
import { useViewState } from './use-view-state';
import { useWebStatus } from './use-web-status';

export const CARRY_OVER_SUBMITTED =
  'Your application has already been submitted, so the answers you entered before logging in were not added to it.';

export const SAVE_ERROR_TOAST = 'answers-save-error';

const NO_DOCUMENTS: Readonly<Record<string, DocumentAnswer>> = {};

/**
 * The state every form page shares (SPEC sections 3 and 4): the client
 * snapshot, the answers (saved plus unsaved edits), add-another counts and
 * tabs, the web status and the errors to show. It lives in the layout route
 * around the form pages, so it survives moves between them. Until the
 * profile (when logged in) and the first-visit work are done, it shows the
 * loading state instead of the page.
 */
export function ApplicationStateProvider({ children }: { children: ReactNode }) {
  const isLoggedIn = useIsLoggedIn();
  const isServiceUser = useIsServiceUser();
  const profile = useProfile();
  // The tenant's programs and terms are part of its form (issue 29); buildForm caches it per configuration.
  // A submitted application is read with the program and term it kept (issue 41), not with today's.
  const form = buildForm(tenantAsKept(useTenantConfig(), isLoggedIn ? profile.data?.kept_basis : undefined));
  const { showToast, dismissToast } = useToast();
  const [hasChangedPage, setHasChangedPage] = useState(false);

  const serverProfile = isLoggedIn ? profile.data : undefined;
  const profileData = useMemo(() => serverProfile && withIncompleteDates(serverProfile), [serverProfile]);
  const snapshot = useClientSnapshot(profileData, { isLoggedIn, isServiceUser, hasChangedPage });
  const documents = profileData?.document_answer ?? NO_DOCUMENTS;

  // A save that succeeds ends the toast of the one that failed before it.
  const onSaved = useCallback(() => dismissToast(SAVE_ERROR_TOAST), [dismissToast]);
  const {
    store,
    answers,
    hasAnswers,
    onChange: changeAnswers,
    flush,
  } = useAnswers(form, profileData?.answer, isLoggedIn, onSaved);
  const {
    view,
    isLoading: viewLoading,
    onAddAnother,
    onRemoveRepeat,
    onTabChange,
    tabSwitchDialog,
  } = useViewState(form, store, isLoggedIn, flush);
  const setWebStatus = useWebStatus(profileData, isLoggedIn);
  const { shownErrors, validate, saveValidations, showServerErrors, forgetServerErrors } = useValidation({
    form,
    store,
    answers,
    view,
    documents,
    webStatus: snapshot.web_status,
  });
  const { summaryFocusKey, requestSummaryFocus, takeSummaryFocus } = useSummaryFocus();
  const [completionMessage, setCompletionMessage] = useState<string | undefined>();

  const onSaveError = useCallback(
    (error: unknown) => {
      if (isHandledElsewhere(error)) return;
      showToast({ id: SAVE_ERROR_TOAST, title: 'Save Error', description: userMessage(error), severity: 'error' });
    },
    [showToast],
  );
  const markPageChanged = useCallback(() => setHasChangedPage(true), []);
  const queryClient = useQueryClient();
  const [conflicts, setConflicts] = useState<CarryOverConflict[]>([]);
  const onCarried = useCallback(
    (result: CarryOverResponse) => {
      if (result.status === 'submitted') {
        showToast({
          id: 'carry-over-submitted',
          title: 'Application already submitted',
          description: CARRY_OVER_SUBMITTED,
          severity: 'error',
        });
        return;
      }
      store.replaceSaved(result.filled);
      mergeAnswersLocally(queryClient, result.filled);
      setConflicts(result.conflicts);
    },
    [store, queryClient, showToast],
  );
  const onChange = useCallback(
    (changes: Answers) => {
      changeAnswers(changes);
      forgetServerErrors(changes);
    },
    [changeAnswers, forgetServerErrors],
  );

  useAutosave(store, flush, isLoggedIn, onSaveError);
  const ready = useBoot({
    isLoggedIn,
    profile: profileData,
    userDataLoaded: !viewLoading,
    store,
    onSaveError,
    onCarried,
  });
  usePageTracking({
    ready,
    isLoggedIn,
    webStatus: snapshot.web_status,
    lastPage: snapshot.last_page,
    markPageChanged,
    flush,
    onSaveError,
  });

  // The header's Sign In and Create Account links carry a visitor's answers too.
  const carried = !isLoggedIn && hasAnswers ? answers : undefined;
  useEffect(() => publishVisitorAnswers(carried), [carried]);
  useEffect(() => () => publishVisitorAnswers(undefined), []);

  // Kept from one render to the next: a new function in each value would make every page's render
  // context new, and draw all of a step's questions again whenever anything else here changed.
  const saveAnswers = useCallback(() => flush(), [flush]);
  const answersSlice = useMemo<ApplicationAnswers>(() => ({ answers, hasAnswers }), [answers, hasAnswers]);
  const visit = useMemo<ApplicationVisit>(() => ({ snapshot, completionMessage }), [snapshot, completionMessage]);
  const errors = useMemo<ApplicationErrors>(() => ({ shownErrors, summaryFocusKey }), [shownErrors, summaryFocusKey]);
  const formSlice = useMemo<ApplicationForm>(
    () => ({
      form,
      view,
      documents,
      onChange,
      onAddAnother,
      onRemoveRepeat,
      onTabChange,
      saveAnswers,
      validate,
      saveValidations,
      setWebStatus,
      showServerErrors,
      markPageChanged,
      requestSummaryFocus,
      takeSummaryFocus,
      setCompletionMessage,
    }),
    [
      form,
      view,
      documents,
      onChange,
      onAddAnother,
      onRemoveRepeat,
      onTabChange,
      saveAnswers,
      validate,
      saveValidations,
      setWebStatus,
      showServerErrors,
      markPageChanged,
      requestSummaryFocus,
      takeSummaryFocus,
    ],
  );

  // The welcome banner is the largest text of a first visit. Drawn with the loading state as soon as the
  // profile is here, it does not wait for the first-visit work and the page's draw; it stays the same
  // element when the page comes under it, so nothing moves (docs/decisions/027-long-tasks-split.md).
  return (
    <ApplicationFormContext value={formSlice}>
      <ApplicationVisitContext value={visit}>
        <ApplicationAnswersContext value={answersSlice}>
          <ApplicationErrorsContext value={errors}>
            <WelcomeBanner beforeAnswers={!ready} />
            {ready ? (
              <>
                {children}
                {tabSwitchDialog}
                {conflicts.length > 0 && (
                  <CarryOverDialog
                    form={form}
                    conflicts={conflicts}
                    onResolve={(chosen) => {
                      setConflicts([]);
                      if (Object.keys(chosen).length > 0) {
                        onChange(chosen);
                        flush().catch(onSaveError);
                      }
                    }}
                  />
                )}
              </>
            ) : (
              <PageLoading />
            )}
          </ApplicationErrorsContext>
        </ApplicationAnswersContext>
      </ApplicationVisitContext>
    </ApplicationFormContext>
  );
}
