import type { FileQuestion, PagePath } from '@admissions/domain';
import { useCallback, useMemo } from 'react';
import { FormPageBody, type FormRenderContext } from '../../../components/form/form-page-body';
import { DocumentUpload } from '../../documents/components/document-upload';
import { stepAt } from '../form-pages';
import { useApplicationState } from '../state/application-state-context';
import { ApplicationPage } from './application-page';
import { PageActions } from './page-actions';

const NO_ERRORS: readonly string[] = [];

/** One step of the application: its questions from the form definition, then its buttons. */
export function StepPage({ path }: { path: PagePath }) {
  const state = useApplicationState();
  const { form, snapshot, answers, onChange, shownErrors, view, onAddAnother, onRemoveRepeat, onTabChange, documents } =
    state;
  const readOnly = snapshot.is_service_user;
  const renderFile = useCallback(
    (question: FileQuestion) => (
      <DocumentUpload
        question={question}
        errors={shownErrors[question.key] ?? NO_ERRORS}
        document={documents[question.key]}
      />
    ),
    [shownErrors, documents],
  );
  const ctx = useMemo<FormRenderContext>(
    () => ({
      answers,
      onChange,
      errors: shownErrors,
      view,
      onAddAnother,
      onRemoveRepeat,
      onTabChange,
      isLoggedIn: snapshot.is_logged_in,
      readOnly,
      documents,
      renderFile,
    }),
    [
      answers,
      onChange,
      shownErrors,
      view,
      onAddAnother,
      onRemoveRepeat,
      onTabChange,
      snapshot.is_logged_in,
      readOnly,
      documents,
      renderFile,
    ],
  );

  const page = form.pages.find((p) => p.path === path);
  if (!page) throw new Error(`The form has no page at ${path}.`);
  return (
    <ApplicationPage page={stepAt(path)}>
      <FormPageBody page={page} ctx={ctx} />
      {!readOnly && <PageActions path={path} />}
    </ApplicationPage>
  );
}
