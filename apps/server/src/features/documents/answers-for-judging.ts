import type { Answers, FormDefinition } from '@admissions/domain';
import { fileQuestions } from './file-questions';

/**
 * The answers as the rule set must judge them on the server: a file question
 * is answered by its converted (COMPLETED) document only, never by an answer
 * value a client could write, so file answers are blanked and the documents
 * are passed to the rule set beside them.
 */
export function answersForJudging(form: FormDefinition, answers: Answers): Answers {
  const judged = { ...answers };
  for (const key of fileQuestions(form).keys()) if (key in judged) judged[key] = '';
  return judged;
}
