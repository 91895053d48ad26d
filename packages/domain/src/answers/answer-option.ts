/** One choice of a select, radio or check list (SPEC section 3: label and value). */
export interface AnswerOption {
  readonly value: string;
  readonly label: string;
}

export type OptionList = readonly AnswerOption[];

/** Every option list starts with this, so "nothing chosen" is a real choice. */
export const BLANK_OPTION: AnswerOption = Object.freeze({ value: '', label: '--' });

/** Option lists are shared by every form and request, so none may be changed in place. */
export function frozenOptions(options: OptionList): OptionList {
  return Object.freeze(options.map((o) => Object.freeze({ value: o.value, label: o.label })));
}

/** Select lists start with the blank option; radio lists do not. */
export function withBlank(options: OptionList): OptionList {
  return frozenOptions([BLANK_OPTION, ...options]);
}

/** The label stored in a `<key>_desc` answer; '' for an unknown or blank value. */
export function optionLabel(options: OptionList, value: string): string {
  if (value === '') return '';
  return options.find((o) => o.value === value)?.label ?? '';
}
