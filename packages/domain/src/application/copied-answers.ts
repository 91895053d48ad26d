import type { Answers } from '../api/profile';
import { pageOfKey } from '../form/answer-keys';
import type { FormDefinition, PagePath } from '../form/form-types';

/** The pages a new application copies from another one of the same account (issue 42). */
const COPIED_PAGES: ReadonlySet<PagePath> = new Set(['/about', '/education-alr']);

/**
 * Answers that belong to one program: the program and term themselves, how the applicant means to enrol in it,
 * the statement written for it and the project it asks for. A new application asks for them afresh.
 */
export function programSpecificKeys(form: FormDefinition): ReadonlySet<string> {
  return new Set([
    'applied_major',
    'entry_term',
    'student_grad_type',
    'entry_status',
    form.degreeKey,
    'essay',
    'research_upload',
  ]);
}

/** Whether an answer (or a document's answer key) is copied into a new application started from another. */
export function isCopiedKey(form: FormDefinition, key: string): boolean {
  const page = pageOfKey(form, key);
  return page !== undefined && COPIED_PAGES.has(page) && !programSpecificKeys(form).has(key);
}

/** The About You and Education answers of another application, less the program-specific ones. */
export function copiedAnswers(form: FormDefinition, answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([key]) => isCopiedKey(form, key)));
}
