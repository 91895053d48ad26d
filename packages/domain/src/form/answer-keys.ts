import type { OptionList } from '../answers/answer-option';
import { buildForm, type FormTenant } from './build-form';
import type { FormDefinition, FormPage, PagePath } from './form-types';
import { QUESTION_KINDS } from './question-kinds';
import type { Question } from './question-types';
import { allQuestions, childrenOf } from './walk';

/** One answer key of the form, with the question and page it belongs to. */
export interface AnswerField {
  readonly key: string;
  readonly question: Question;
  readonly page: FormPage;
  /** Longest value the server should accept. */
  readonly maxLength: number;
  /** Set on `<key>_desc` entries: the key whose chosen option's label this holds. */
  readonly descOf?: string;
}

function optionLists(question: Question): readonly OptionList[] {
  if (question.kind === 'select' || question.kind === 'radio') return [question.options];
  if (question.kind === 'conditional-select') {
    return question.options.category === 'display-only'
      ? [question.options.options]
      : Object.values(question.options.byControlValue);
  }
  return [];
}

type AnsweringQuestion = Extract<Question, { maxLength: number }>;

/** Whether the question stores an answer under its own key (the registry decides). */
export function storesAnswer(question: Question): question is AnsweringQuestion {
  return QUESTION_KINDS[question.kind].storage !== 'none';
}

/** The answer keys a question stores itself (not its children's): its key, and its `_desc` key for choices. */
export function answerKeysOf(question: Question): string[] {
  if (!storesAnswer(question)) return [];
  return 'descKey' in question ? [question.key, question.descKey] : [question.key];
}

/** The answer keys of a question and of everything inside it. */
export function answerKeysUnder(question: Question): string[] {
  return [...answerKeysOf(question), ...childrenOf(question).flatMap(answerKeysUnder)];
}

interface FieldIndex {
  readonly list: readonly AnswerField[];
  readonly byKey: ReadonlyMap<string, AnswerField>;
}

const indexCache = new WeakMap<FormDefinition, FieldIndex>();

function fieldIndex(form: FormDefinition): FieldIndex {
  const cached = indexCache.get(form);
  if (cached) return cached;
  const list: AnswerField[] = [];
  for (const page of form.pages) {
    for (const question of allQuestions(page)) {
      if (!storesAnswer(question)) continue;
      list.push({ key: question.key, question, page, maxLength: question.maxLength });
      if ('descKey' in question) {
        const labelLength = Math.max(
          1,
          ...optionLists(question)
            .flat()
            .map((o) => o.label.length),
        );
        list.push({ key: question.descKey, question, page, maxLength: labelLength, descOf: question.key });
      }
    }
  }
  // A key defined twice keeps its first place; checkFormConfiguration reports the duplicate.
  const byKey = new Map<string, AnswerField>();
  for (const f of list) if (!byKey.has(f.key)) byKey.set(f.key, f);
  const index = { list, byKey };
  indexCache.set(form, index);
  return index;
}

/** Every answer key of the form in page order, `_desc` keys right after their question's key. */
export function formFields(form: FormDefinition): readonly AnswerField[] {
  return fieldIndex(form).list;
}

const formOf = (source: FormDefinition | FormTenant): FormDefinition =>
  'pages' in source ? source : buildForm(source);

/** Every answer key a tenant's application accepts, `_desc` keys included (the server rejects others). */
export function listAnswerKeys(source: FormDefinition | FormTenant): string[] {
  return formFields(formOf(source)).map((f) => f.key);
}

/** The longest accepted value per answer key (the server rejects longer ones). */
export function answerMaxLengths(source: FormDefinition | FormTenant): ReadonlyMap<string, number> {
  return new Map([...fieldIndex(formOf(source)).byKey].map(([key, f]) => [key, f.maxLength]));
}

/** The path of the page that asks for an answer key (its `_desc` key included); undefined for unknown keys. */
export function pageOfKey(form: FormDefinition, key: string): PagePath | undefined {
  return fieldIndex(form).byKey.get(key)?.page.path;
}

/** Where the validation summary links for a key: page path plus the key as anchor (SPEC section 2). */
export function fieldLink(form: FormDefinition, key: string): string | undefined {
  const field = fieldIndex(form).byKey.get(key);
  return field ? `${field.page.path}#${field.descOf ?? field.key}` : undefined;
}

/** The words of a choice as the form offers it ('Fall 2027' for '2027FA'); the value itself for anything else. */
export function choiceLabelOf(form: FormDefinition, key: string, value: string): string {
  const field = formFields(form).find((f) => f.key === key);
  for (const list of field ? optionLists(field.question) : []) {
    const label = list.find((o) => o.value === value)?.label;
    if (label) return label;
  }
  return value;
}
