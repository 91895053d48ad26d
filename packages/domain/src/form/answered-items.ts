import type { Answers } from '../api/profile';
import { isChecked } from '../answers/answer-values';
import { storesAnswer } from './answer-keys';
import type { FormDefinition, FormPage } from './form-types';
import type { Question } from './question-types';
import { conditionalOptions, visibleQuestions, type ViewState } from './walk';

export interface AnsweredItem {
  key: string;
  label: string;
  /** What the applicant chose, in words: an option's label, 'Yes' for a ticked box. */
  value: string;
}

export interface AnsweredPage {
  page: FormPage;
  items: AnsweredItem[];
}

/** The answer of one question in words, '' when unanswered. */
export function answerText(question: Question, answers: Answers): string {
  const value = answers[question.key] ?? '';
  if (value === '') return '';
  switch (question.kind) {
    case 'select':
    case 'radio':
      return answers[question.descKey] || question.options.find((o) => o.value === value)?.label || value;
    case 'conditional-select':
      return (
        answers[question.descKey] ||
        conditionalOptions(question, answers).find((o) => o.value === value)?.label ||
        value
      );
    case 'checkbox':
    case 'confirmation-gate':
      return isChecked(value) ? 'Yes' : '';
    default:
      return value;
  }
}

/**
 * The answered questions the applicant can see, page by page, in words. The
 * confirmation e-mail, the print view and the PDF all read answers this way.
 */
export function answeredItems(form: FormDefinition, answers: Answers, view: ViewState = {}): AnsweredPage[] {
  return form.pages.map((page) => ({
    page,
    items: visibleQuestions(page, answers, view)
      .filter(storesAnswer)
      .map((q) => ({ key: q.key, label: q.label, value: answerText(q, answers) }))
      .filter((item) => item.value !== ''),
  }));
}
