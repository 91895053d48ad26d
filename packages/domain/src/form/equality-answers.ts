import type { Answers } from '../api/profile';
import { answerKeysUnder } from './answer-keys';
import type { FormDefinition } from './form-types';
import type { Question } from './question-types';
import { allQuestions } from './walk';

/**
 * Equality monitoring data (issue 47): the demographic questions the About step asks, marked `equality` where
 * they are defined. The equality report counts them all (`gender`, `ethnicity`, the race boxes, `citizenship`).
 * The monitoring ones' answers (all but citizenship) are for the aggregate reports only, never for reading one
 * application: the office's packet and print view leave them out. Citizenship stays in those reads: the form's own
 * admission rules turn on it (domestic or international, the questions that follow), and the office needs it for
 * immigration documents. The applicant's own PDF copy and data download keep everything: it is their data.
 */
export const isEqualityQuestion = (question: Question): boolean => question.equality === 'monitoring';

/** Counted by the equality report: the monitoring questions and citizenship. */
export const isReportedEqualityQuestion = (question: Question): boolean => question.equality !== undefined;

const keysOf = new WeakMap<FormDefinition, ReadonlySet<string>>();

const keysOfQuestions = (form: FormDefinition, which: (q: Question) => boolean) =>
  new Set(form.pages.flatMap((page) => allQuestions(page).filter(which).flatMap(answerKeysUnder)));

/** The answer keys of the monitoring questions: their own, their `_desc` labels, and each box of a group. */
export function equalityAnswerKeys(form: FormDefinition): ReadonlySet<string> {
  const cached = keysOf.get(form);
  if (cached) return cached;
  const keys = keysOfQuestions(form, isEqualityQuestion);
  keysOf.set(form, keys);
  return keys;
}

/** The answer keys the equality report counts: the monitoring questions' and citizenship's. */
export function reportedEqualityKeys(form: FormDefinition): ReadonlySet<string> {
  return keysOfQuestions(form, isReportedEqualityQuestion);
}

/** The answers without the equality answers: what the office may read of one application. */
export function withoutEqualityAnswers(form: FormDefinition, answers: Answers): Answers {
  const equality = equalityAnswerKeys(form);
  return Object.fromEntries(Object.entries(answers).filter(([key]) => !equality.has(key)));
}

/**
 * The form as the office reads one application (the print view): without the monitoring questions, so they show
 * neither an answer nor an empty field that would read as "not answered". They stand at the top of their
 * sections (equality-answers.test.ts checks it), so the sections are all that is filtered.
 */
export function formWithoutEqualityQuestions(form: FormDefinition): FormDefinition {
  return {
    ...form,
    pages: form.pages.map((page) => ({
      ...page,
      sections: page.sections
        .map((section) => ({ ...section, questions: section.questions.filter((q) => !isEqualityQuestion(q)) }))
        // A section that held only them (Background) goes too: its heading would stand over nothing.
        .filter((section) => section.questions.length > 0),
    })),
  };
}
