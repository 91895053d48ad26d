import type { FileQuestion, FormSection, PagePath } from '@admissions/domain';
import { useCallback, useMemo } from 'react';
import { FormPageBody, type FormRenderContext } from '../../../components/form/form-page-body';
import { useClosedCycle } from '../../cycles/api/cycle-api';
import { DocumentUpload } from '../../documents/components/document-upload';
import { lazyPart } from '../../../components/ui/lazy-part';
import { recommenderOfSection } from '../../recommendations/recommender-sections';
import { stepAt } from '../form-pages';
import {
  useApplicationAnswers,
  useApplicationErrors,
  useApplicationForm,
  useApplicationVisit,
} from '../state/application-state-context';
import { ApplicationPage } from './application-page';
import { PageActions } from './page-actions';
import { ProgramDeadline } from './program-deadline';

/** The section where the program is chosen: its deadline shows right after it. */
const PROGRAM_SECTION = 'program';

const NO_ERRORS: readonly string[] = [];

// "Your checklist" on Final Steps (issue 30): its code loads with that page only.
const FinalStepsChecklist = lazyPart(() =>
  import('../../status/components/final-steps-checklist').then((m) => m.FinalStepsChecklist),
);

// The application fee on Final Steps (issue 43), and the way to ask for a waiver: its code loads with that page only.
const FinalStepsFee = lazyPart(() => import('../../payments/components/final-steps-fee').then((m) => m.FinalStepsFee));

// Only the recommenders' sections on Final Steps show a letter request: its code stays out of the other pages' load.
const LetterRequest = lazyPart(() =>
  import('../../recommendations/components/section-letter-request').then((m) => m.SectionLetterRequest),
);

/** One step of the application: its questions from the form definition, then its buttons. */
export function StepPage({ path }: { path: PagePath }) {
  const { form, view, documents, onChange, onAddAnother, onRemoveRepeat, onTabChange, saveAnswers } =
    useApplicationForm();
  const { snapshot } = useApplicationVisit();
  const { answers } = useApplicationAnswers();
  const { shownErrors } = useApplicationErrors();
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
  // Letter requests need an account: visitors (and the print view) see the questions only.
  const showLetterRequests = snapshot.is_logged_in && !readOnly;
  // A closed cycle's application asks nobody for a letter any more (decision 052): its checklist says which came.
  const cycleClosed = useClosedCycle() !== null;
  const renderAfterSection = useCallback(
    (section: FormSection) => {
      if (section.key === PROGRAM_SECTION) return readOnly ? null : <ProgramDeadline />;
      return showLetterRequests && !cycleClosed && recommenderOfSection(section) ? (
        <LetterRequest.Part section={section} answers={answers} saveAnswers={saveAnswers} />
      ) : null;
    },
    [answers, saveAnswers, readOnly, showLetterRequests, cycleClosed],
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
      renderAfterSection,
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
      renderAfterSection,
    ],
  );

  const page = form.pages.find((p) => p.path === path);
  if (!page) throw new Error(`The form has no page at ${path}.`);
  return (
    <ApplicationPage page={stepAt(path)}>
      {/* Final Steps repeats the chosen program's deadline above its questions, before Submit. */}
      {path === '/final-steps' && !readOnly && <ProgramDeadline />}
      <FormPageBody page={page} ctx={ctx} />
      {path === '/final-steps' && showLetterRequests && <FinalStepsChecklist.Part />}
      {path === '/final-steps' && showLetterRequests && <FinalStepsFee.Part />}
      {!readOnly && <PageActions path={path} />}
    </ApplicationPage>
  );
}
