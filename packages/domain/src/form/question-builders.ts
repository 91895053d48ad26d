import type { OptionList } from '../answers/answer-option';
import { descKey } from '../answers/answer-values';
import { MONTHS } from '../answers/options/months';
import type { YearListSpec } from '../answers/options/years';
import { FILE_EXTENSIONS, FILE_MAX_BYTES, FILE_NAME_MAX_LENGTH } from '../constants';
import { QUESTION_KINDS } from './question-kinds';
import type * as Q from './question-types';

/**
 * Small constructors that fill in the registry defaults, so page files say
 * only what is particular to each question.
 */
type Extra<T> = Partial<Omit<T, 'kind' | 'key' | 'label'>>;

const longestOf = new WeakMap<OptionList, number>();

/**
 * A choice's stored value is one of its options' values, so its limit is the longest of them.
 * Kept per list: the same lists (countries, states) serve every school block.
 */
function longestValue(lists: readonly OptionList[]): number {
  let longest = 1;
  for (const list of lists) {
    let own = longestOf.get(list);
    if (own === undefined) {
      own = list.reduce((max, o) => Math.max(max, o.value.length), 0);
      longestOf.set(list, own);
    }
    longest = Math.max(longest, own);
  }
  return longest;
}

export const text = (key: string, label: string, extra: Extra<Q.TextQuestion> = {}): Q.TextQuestion => ({
  kind: 'text',
  key,
  label,
  maxLength: QUESTION_KINDS.text.defaultMaxLength,
  ...extra,
});

export const textarea = (key: string, label: string, extra: Extra<Q.TextareaQuestion> = {}): Q.TextareaQuestion => ({
  kind: 'textarea',
  key,
  label,
  maxLength: QUESTION_KINDS.textarea.defaultMaxLength,
  ...extra,
});

export const date = (key: string, label: string, extra: Extra<Q.DateQuestion> = {}): Q.DateQuestion => ({
  kind: 'date',
  key,
  label,
  maxLength: QUESTION_KINDS.date.defaultMaxLength,
  ...extra,
});

export const monthYear = (
  key: string,
  label: string,
  years: YearListSpec,
  extra: Extra<Q.MonthYearQuestion> = {},
): Q.MonthYearQuestion => ({
  kind: 'month-year',
  key,
  label,
  months: MONTHS,
  years,
  maxLength: QUESTION_KINDS['month-year'].defaultMaxLength,
  ...extra,
});

export const phone = (key: string, label: string, extra: Extra<Q.PhoneQuestion> = {}): Q.PhoneQuestion => ({
  kind: 'phone',
  key,
  label,
  maxLength: QUESTION_KINDS.phone.defaultMaxLength,
  ...extra,
});

export const ssn = (key: string, label: string, extra: Extra<Q.SsnQuestion> = {}): Q.SsnQuestion => ({
  kind: 'ssn',
  key,
  label,
  maxLength: QUESTION_KINDS.ssn.defaultMaxLength,
  ...extra,
});

export const email = (key: string, label: string, extra: Extra<Q.EmailQuestion> = {}): Q.EmailQuestion => ({
  kind: 'email',
  key,
  label,
  maxLength: QUESTION_KINDS.email.defaultMaxLength,
  ...extra,
});

export const select = (
  key: string,
  label: string,
  options: OptionList,
  extra: Extra<Q.SelectQuestion> = {},
): Q.SelectQuestion => ({
  kind: 'select',
  key,
  label,
  options,
  descKey: descKey(key),
  maxLength: longestValue([options]),
  ...extra,
});

export const radio = (
  key: string,
  label: string,
  options: OptionList,
  extra: Extra<Q.RadioQuestion> = {},
): Q.RadioQuestion => ({
  kind: 'radio',
  key,
  label,
  options,
  descKey: descKey(key),
  maxLength: longestValue([options]),
  ...extra,
});

export const conditionalSelect = (
  key: string,
  label: string,
  controlKey: string,
  options: Q.ConditionalOptions,
  extra: Extra<Q.ConditionalSelectQuestion> = {},
): Q.ConditionalSelectQuestion => ({
  kind: 'conditional-select',
  key,
  label,
  controlKey,
  options,
  descKey: descKey(key),
  maxLength: longestValue(
    options.category === 'display-only' ? [options.options] : Object.values(options.byControlValue),
  ),
  ...extra,
});

export const checkbox = (key: string, label: string, extra: Extra<Q.CheckboxQuestion> = {}): Q.CheckboxQuestion => ({
  kind: 'checkbox',
  key,
  label,
  maxLength: QUESTION_KINDS.checkbox.defaultMaxLength,
  ...extra,
});

export const file = (key: string, label: string, extra: Extra<Q.FileQuestion> = {}): Q.FileQuestion => ({
  kind: 'file',
  key,
  label,
  accept: FILE_EXTENSIONS,
  maxBytes: FILE_MAX_BYTES,
  maxNameLength: FILE_NAME_MAX_LENGTH,
  maxLength: QUESTION_KINDS.file.defaultMaxLength,
  ...extra,
});

export const info = (key: string, content: string, extra: Extra<Q.StaticQuestion> = {}): Q.StaticQuestion => ({
  kind: 'static',
  key,
  label: '',
  content,
  audience: 'everyone',
  ...extra,
});

/** Gives a question its role inside an address or school block. */
export const part = <P extends string>(p: P, question: Q.Question): Q.PartQuestion<P> => ({ ...question, part: p });
