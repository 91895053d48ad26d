import type { OptionList } from '../answers/answer-option';
import type { YearListSpec } from '../answers/options/years';
import type { AnyCondition } from './condition';

/**
 * What every question has. Renderers (editable page, print view, PDF,
 * validation summary) need nothing beyond the question itself.
 */
interface QuestionBase {
  /**
   * For kinds that store an answer, the answer key; it is also the anchor the
   * validation summary links to. For other kinds, an id unique in the form.
   */
  readonly key: string;
  readonly label: string;
  /** Help text shown under the label. */
  readonly description?: string;
  /** The question is hidden, and its answers cleared, while any of these holds (SPEC section 4). */
  readonly hideWhen?: AnyCondition;
  /**
   * The equality report counts it (issue 47). 'monitoring': its answers, a group's boxes included, are for the
   * aggregate reports only, never shown to the office reading one application (gender, ethnicity, race).
   * 'reported': counted there, and read by the office too, because admission rules use it (citizenship decides
   * domestic or international, and which questions follow). See form/equality-answers.ts.
   */
  readonly equality?: 'monitoring' | 'reported';
}

/** Longest value the server accepts for the answer key. */
interface StoresValue {
  readonly maxLength: number;
}

/** Radio and select answers also keep the chosen option's label under descKey. */
interface StoresChoice extends StoresValue {
  readonly descKey: string;
}

export interface TextQuestion extends QuestionBase, StoresValue {
  readonly kind: 'text';
  /** Filled by a lookup (e.g. a school's CEEB code) rather than typed. */
  readonly readOnly?: boolean;
  /** HTML autocomplete token, so browsers can fill names and addresses. */
  readonly autoComplete?: string;
}

export interface TextareaQuestion extends QuestionBase, StoresValue {
  readonly kind: 'textarea';
  /** Shown as guidance ("about 750 words"); the hard limit is maxLength. */
  readonly wordGuide?: number;
}

/** Stored as 'YYYY-MM-DD'. */
export interface DateQuestion extends QuestionBase, StoresValue {
  readonly kind: 'date';
}

/** A month select and a year select stored together as 'YYYY-MM' (see answers/month-year). */
export interface MonthYearQuestion extends QuestionBase, StoresValue {
  readonly kind: 'month-year';
  readonly months: OptionList;
  /** Generate the year options with yearOptions() when rendering, so they follow the calendar. */
  readonly years: YearListSpec;
}

/** US format '(NXX) NNN-NNNN'; the input masks digits as they are typed. */
export interface PhoneQuestion extends QuestionBase, StoresValue {
  readonly kind: 'phone';
  /** Also takes an international number ('+' and 8 to 15 digits), kept as typed rather than masked. */
  readonly international?: boolean;
}

/** Stored as 'NNN-NN-NNNN'; the input strips non-digits and regroups them. */
export interface SsnQuestion extends QuestionBase, StoresValue {
  readonly kind: 'ssn';
}

export interface EmailQuestion extends QuestionBase, StoresValue {
  readonly kind: 'email';
}

export interface SelectQuestion extends QuestionBase, StoresChoice {
  readonly kind: 'select';
  readonly options: OptionList;
}

/**
 * SPEC section 4: a display-only select has fixed options; a
 * display-and-options select takes its options from the controlling answer.
 */
export type ConditionalOptions =
  | { readonly category: 'display-only'; readonly options: OptionList }
  | { readonly category: 'display-and-options'; readonly byControlValue: Readonly<Record<string, OptionList>> };

/**
 * Shown only while hideWhen does not hold and the options for the current
 * controlling answer are not empty. A change of the controlling answer
 * clears this answer and its description.
 */
export interface ConditionalSelectQuestion extends QuestionBase, StoresChoice {
  readonly kind: 'conditional-select';
  readonly controlKey: string;
  readonly options: ConditionalOptions;
}

/** Radio choices have no blank option. */
export interface RadioQuestion extends QuestionBase, StoresChoice {
  readonly kind: 'radio';
  readonly options: OptionList;
}

/** One box: 'true' when ticked, '' otherwise. The label is the text beside the box. */
export interface CheckboxQuestion extends QuestionBase, StoresValue {
  readonly kind: 'checkbox';
}

/** Several boxes under one label; each box is its own answer key. */
export interface CheckGroupQuestion extends QuestionBase {
  readonly kind: 'check-group';
  readonly items: readonly CheckboxQuestion[];
}

export type AddressPart = 'address_line_1' | 'address_line_2' | 'city' | 'state' | 'zip' | 'country';
export type SchoolPart = 'name' | 'ceeb' | 'address_line_1' | 'city' | 'state' | 'zip' | 'country';

/** A question inside an address or school block; `part` names the lookup record field it takes. */
export type PartQuestion<P extends string> = Question & { readonly part: P };

/**
 * Address fields with an autocomplete on searchPart (lookup category
 * 'address'). The built-in address data knows places by ZIP code, so the
 * search is on the ZIP code; a street-level provider would search on
 * address_line_1 instead.
 */
export interface AddressBlockQuestion extends QuestionBase {
  readonly kind: 'address-block';
  readonly lookupCategory: 'address';
  readonly searchPart: 'zip' | 'address_line_1';
  readonly questions: readonly PartQuestion<AddressPart>[];
}

/** School search; picking a result fills every part. Print shows "name (ceeb)". */
export interface SchoolBlockQuestion extends QuestionBase {
  readonly kind: 'school-block';
  readonly lookupCategory: 'college_ceeb' | 'hs_ceeb';
  readonly searchPart: 'name';
  readonly questions: readonly PartQuestion<SchoolPart>[];
}

/** An upload converted to PDF; the answer is set once conversion completes. */
export interface FileQuestion extends QuestionBase, StoresValue {
  readonly kind: 'file';
  readonly accept: readonly string[];
  readonly maxBytes: number;
  readonly maxNameLength: number;
}

export interface TabPane {
  readonly id: string;
  readonly label: string;
  readonly questions: readonly Question[];
}

/**
 * The chosen tab is stored per tab group (key = tab id), not in the answers.
 * Switching clears the answers of the other panes (tabSwitchClearedKeys).
 * Logged-out visitors see only defaultTab.
 */
export interface TabsQuestion extends QuestionBase {
  readonly kind: 'tabs';
  readonly defaultTab: string;
  readonly tabs: readonly TabPane[];
}

/**
 * Repeated blocks; key is the button id whose count is stored (SPEC: add-another).
 * items[i] is the i-th block with its keys already prefixed by prefixes[i];
 * show the first `count` of them.
 */
export interface AddAnotherQuestion extends QuestionBase {
  readonly kind: 'add-another';
  readonly buttonLabel: string;
  /** Heading of each block, followed by its number ("School 2"). */
  readonly itemTitle: string;
  readonly maxRepeats: number;
  readonly prefixes: readonly string[];
  readonly items: readonly (readonly Question[])[];
}

/**
 * Confirming (button or box, stored as 'true' under key) shows `confirmed`
 * and hides `unconfirmed`; before that it is the other way round.
 */
export interface ConfirmationGateQuestion extends QuestionBase, StoresValue {
  readonly kind: 'confirmation-gate';
  readonly control: 'button' | 'checkbox';
  readonly confirmed: readonly Question[];
  readonly unconfirmed: readonly Question[];
}

/** Shown only from startsAt until endsAt (ISO instants, see isBannerActive). */
export interface DateWindowBannerQuestion extends QuestionBase {
  readonly kind: 'date-window-banner';
  readonly startsAt: string;
  readonly endsAt: string;
  readonly content: string;
}

/** Information text. Some content is meant only for applicants or only for the print view. */
export interface StaticQuestion extends QuestionBase {
  readonly kind: 'static';
  readonly content: string;
  readonly audience: 'everyone' | 'applicant' | 'service';
}

export interface ConditionBranch {
  readonly when: AnyCondition;
  readonly questions: readonly Question[];
}

/**
 * SPEC section 4 condition group: the first branch whose condition holds is
 * shown and keeps its answers; the answers of every other branch are cleared.
 */
export interface ConditionGroupQuestion extends QuestionBase {
  readonly kind: 'condition-group';
  readonly branches: readonly ConditionBranch[];
}

export type Question =
  | TextQuestion
  | TextareaQuestion
  | DateQuestion
  | MonthYearQuestion
  | PhoneQuestion
  | SsnQuestion
  | EmailQuestion
  | SelectQuestion
  | ConditionalSelectQuestion
  | RadioQuestion
  | CheckboxQuestion
  | CheckGroupQuestion
  | AddressBlockQuestion
  | SchoolBlockQuestion
  | FileQuestion
  | TabsQuestion
  | AddAnotherQuestion
  | ConfirmationGateQuestion
  | DateWindowBannerQuestion
  | StaticQuestion
  | ConditionGroupQuestion;

export type QuestionKind = Question['kind'];
export type QuestionOfKind<K extends QuestionKind> = Extract<Question, { kind: K }>;
