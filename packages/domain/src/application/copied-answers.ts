import type { Answers } from '../api/profile';
import { formFields, pageOfKey } from '../form/answer-keys';
import type { FormDefinition, PagePath } from '../form/form-types';
import { allQuestions } from '../form/walk';

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

const copiedKeysCache = new WeakMap<FormDefinition, readonly string[]>();

/** Every answer key a copy takes, for copying in one statement where the answers are (the server's start). */
export function copiedAnswerKeys(form: FormDefinition): readonly string[] {
  let keys = copiedKeysCache.get(form);
  if (!keys) {
    keys = formFields(form)
      .map((f) => f.key)
      .filter((key) => isCopiedKey(form, key));
    copiedKeysCache.set(form, keys);
  }
  return keys;
}

/**
 * The view state a copy takes with the answers: how many blocks each add-another question of the copied pages
 * shows and which tab each of their tab groups has chosen. Without them a copy with three schools would show
 * one, and a transcript sent later would ask for an upload.
 */
export function copiedViewKeys(form: FormDefinition): readonly string[] {
  return form.pages
    .filter((page) => COPIED_PAGES.has(page.path))
    .flatMap(allQuestions)
    .filter((q) => q.kind === 'add-another' || q.kind === 'tabs')
    .map((q) => q.key);
}
