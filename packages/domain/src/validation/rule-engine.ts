import type { Answers, DocumentAnswer } from '../api/profile';
import { formFields, storesAnswer } from '../form/answer-keys';
import type { FormDefinition } from '../form/form-types';
import { visibleQuestions, type ViewState } from '../form/walk';

/**
 * Messages per answer key, in field order (page order, then question order
 * of the definition), each list de-duplicated; only keys with at least one
 * message are present. It is the `errors` object of the validations call.
 */
export type ValidationErrors = Record<string, string[]>;

/** Anything shaped like ValidationErrors, in any order (e.g. read back from the server). */
export type ValidationErrorsLike = Readonly<Record<string, readonly string[]>>;

export interface ValidateOptions {
  /** The moment the age limits count back from. Pass `new Date()`; tests pass a fixed one. */
  readonly now: Date;
  /** Add-another counts and chosen tabs: which repeated blocks and tab panes are shown. */
  readonly view?: ViewState;
  /** Uploaded files per answer key (the profile's document_answer): an upload counts as answered when listed here. */
  readonly documents?: Readonly<Record<string, DocumentAnswer>>;
}

/** What a rule may look at. Answers of questions that are not shown read as ''. */
export interface RuleContext {
  /** The shown answers only: every key in play, '' for unanswered ones. */
  readonly answers: Answers;
  readonly now: Date;
  /** The answer under key if its question is shown, '' otherwise. */
  value(key: string): string;
  /** Whether the question asking for key is shown. */
  isInPlay(key: string): boolean;
  /** A shown upload question has a file: listed in documents, or a non-blank answer. */
  hasFile(key: string): boolean;
}

/** One check of one answer key. A key may have several rules; each returns its messages ([] when fine). */
export interface FieldRule {
  readonly key: string;
  check(ctx: RuleContext): readonly string[];
}

/**
 * The answer keys whose questions are shown for these answers and view:
 * not under a hidden section or question, on the taken side of condition
 * groups and confirmation gates, in the first `count` add-another blocks
 * (default 1), in the chosen tab pane (default tab), and no conditional
 * select without options. Rules report only on these keys, and read every
 * other key as ''.
 */
export function inPlayAnswerKeys(form: FormDefinition, answers: Answers, view: ViewState = {}): Set<string> {
  const keys = new Set<string>();
  for (const page of form.pages) {
    for (const q of visibleQuestions(page, answers, view)) if (storesAnswer(q)) keys.add(q.key);
  }
  return keys;
}

const positionsCache = new WeakMap<FormDefinition, ReadonlyMap<string, number>>();

function positions(form: FormDefinition): ReadonlyMap<string, number> {
  let map = positionsCache.get(form);
  if (!map) {
    const m = new Map<string, number>();
    formFields(form).forEach((f, i) => {
      if (!m.has(f.key)) m.set(f.key, i);
    });
    map = m;
    positionsCache.set(form, map);
  }
  return map;
}

/**
 * The same errors in field order, each list de-duplicated, empty lists
 * dropped. Keys the form does not ask for (none, if the configuration check
 * passes) come last in their given order.
 */
export function orderValidationErrors(form: FormDefinition, errors: ValidationErrorsLike): ValidationErrors {
  const pos = positions(form);
  const keys = Object.keys(errors).map((key, i) => ({ key, rank: pos.get(key) ?? pos.size + i }));
  keys.sort((a, b) => a.rank - b.rank);
  const out: ValidationErrors = {};
  for (const { key } of keys) {
    const messages = [...new Set(errors[key] ?? [])];
    if (messages.length > 0) out[key] = messages;
  }
  return out;
}

/** Several error sets as one (e.g. answer errors and upload errors), in field order, de-duplicated. */
export function mergeValidationErrors(
  form: FormDefinition,
  ...sets: readonly ValidationErrorsLike[]
): ValidationErrors {
  const all: Record<string, string[]> = {};
  for (const set of sets) {
    for (const [key, messages] of Object.entries(set)) (all[key] ??= []).push(...messages);
  }
  return orderValidationErrors(form, all);
}

export function hasValidationErrors(errors: ValidationErrorsLike): boolean {
  return Object.values(errors).some((messages) => messages.length > 0);
}

/**
 * Runs every rule whose key is in play and collects every message: no rule
 * stops another, and a key collects the messages of all its rules.
 */
export function runRules(
  form: FormDefinition,
  rules: readonly FieldRule[],
  answers: Answers,
  options: ValidateOptions,
): ValidationErrors {
  const inPlay = inPlayAnswerKeys(form, answers, options.view);
  const shown: Record<string, string> = {};
  for (const key of inPlay) shown[key] = answers[key] ?? '';
  const documents = options.documents ?? {};
  const value = (key: string) => (inPlay.has(key) ? (shown[key] ?? '') : '');
  const ctx: RuleContext = {
    answers: shown,
    now: options.now,
    value,
    isInPlay: (key) => inPlay.has(key),
    hasFile: (key) => inPlay.has(key) && (Object.hasOwn(documents, key) || value(key).trim() !== ''),
  };
  const found: Record<string, string[]> = {};
  for (const rule of rules) {
    if (!inPlay.has(rule.key)) continue;
    const messages = rule.check(ctx);
    if (messages.length > 0) (found[rule.key] ??= []).push(...messages);
  }
  return orderValidationErrors(form, found);
}
