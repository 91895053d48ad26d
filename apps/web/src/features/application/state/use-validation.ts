import {
  deriveWebStatus,
  hasValidationErrors,
  mergeValidationErrors,
  validateAnswers,
  type Answers,
  type DerivedWebStatus,
  type DocumentAnswer,
  type FormDefinition,
  type ValidationErrors,
} from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSaveValidations } from '../api/validations-api';
import type { AnswersStore } from './answers-store';
import type { ViewState } from './application-state-context';
import { readProfile } from './profile-cache';

const NO_ERRORS: ValidationErrors = {};

interface ValidationInputs {
  form: FormDefinition;
  store: AnswersStore;
  answers: Answers;
  view: ViewState;
  documents: Readonly<Record<string, DocumentAnswer>>;
  webStatus: DerivedWebStatus;
}

/**
 * SPEC section 4: errors are computed and shown only while the web status is
 * validating, live as the answers change. The server's errors from a refused
 * submit are shown with them until the field is changed.
 */
export function useValidation({ form, store, answers, view, documents, webStatus }: ValidationInputs) {
  const queryClient = useQueryClient();
  const { mutateAsync } = useSaveValidations();
  const [serverErrors, setServerErrors] = useState<ValidationErrors>(NO_ERRORS);
  const validating = webStatus === 'validating';

  const shownErrors = useMemo(() => {
    if (!validating) return NO_ERRORS;
    const live = validateAnswers(form, answers, { now: new Date(), view, documents });
    return hasValidationErrors(serverErrors) ? mergeValidationErrors(form, live, serverErrors) : live;
  }, [validating, form, answers, view, documents, serverErrors]);

  const validate = useCallback(
    () => validateAnswers(form, store.getSnapshot().answers, { now: new Date(), view, documents }),
    [form, store, view, documents],
  );

  const saveValidations = useCallback(async () => {
    const profile = readProfile(queryClient);
    if (!profile || deriveWebStatus(profile.web_status) !== 'validating') return;
    const errors = validate();
    if (hasValidationErrors(errors)) await mutateAsync({ errors });
  }, [queryClient, validate, mutateAsync]);

  /** A change answers the server's complaint about those keys. */
  const forgetServerErrors = useCallback((changes: Answers) => {
    setServerErrors((errors) => {
      if (!Object.keys(changes).some((key) => key in errors)) return errors;
      return Object.fromEntries(Object.entries(errors).filter(([key]) => !(key in changes)));
    });
  }, []);

  return { shownErrors, validate, saveValidations, showServerErrors: setServerErrors, forgetServerErrors };
}
