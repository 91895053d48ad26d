import { MAX_REPEATS } from '../constants';
import { answerKeysOf } from './answer-keys';
import { conditionKeys } from './condition';
import type { FormDefinition } from './form-types';
import type { Question } from './question-types';
import { allQuestions } from './walk';

/** A mistake in the form definition; raised by the development-only checks (SPEC section 5). */
export class FormConfigurationError extends Error {
  override readonly name = 'FormConfigurationError';
}

export interface FormConfigurationOptions {
  /** Keys the validation schema has rules for; each must be a data-model key and have a page. */
  readonly schemaKeys?: Iterable<string>;
}

const list = (keys: Iterable<string>) => [...keys].join(', ');

/** SPEC section 5: the warning for a validated key that no page asks for. */
export function missingPageWarning(key: string): string {
  return `The question with yupValueKey ${key} does not correlate to a page. Please update pagesToQuestions in the ValidationErrorSummary component.`;
}

function conditionKeysOf(q: Question): string[] {
  const keys = q.hideWhen ? conditionKeys(q.hideWhen) : [];
  if (q.kind === 'conditional-select') keys.push(q.controlKey);
  if (q.kind === 'condition-group') keys.push(...q.branches.flatMap((b) => conditionKeys(b.when)));
  return keys;
}

/**
 * Development-only checks of a form against the tenant's data model (the
 * answer keys the tenant stores). Throws FormConfigurationError on the first
 * kind of mistake found; returns warnings that should not stop the app.
 * Run it outside production only: it walks the whole form.
 */
export function checkFormConfiguration(
  form: FormDefinition,
  dataModelKeys: Iterable<string>,
  options: FormConfigurationOptions = {},
): string[] {
  const model = new Set(dataModelKeys);
  const pagesOfKey = new Map<string, string[]>();
  const formKeys: string[] = [];
  const usedInConditions: string[] = [];
  const repeaters: Extract<Question, { kind: 'add-another' }>[] = [];

  for (const page of form.pages) {
    for (const section of page.sections)
      if (section.hideWhen) usedInConditions.push(...conditionKeys(section.hideWhen));
    for (const q of allQuestions(page)) {
      for (const key of answerKeysOf(q)) {
        formKeys.push(key);
        pagesOfKey.set(key, [...(pagesOfKey.get(key) ?? []), page.path]);
      }
      usedInConditions.push(...conditionKeysOf(q));
      if (q.kind === 'add-another') repeaters.push(q);
    }
  }

  const onSeveralPages = [...pagesOfKey].filter(([, pages]) => new Set(pages).size > 1).map(([key]) => key);
  if (onSeveralPages.length > 0) {
    throw new FormConfigurationError(
      `Your ValidationErrorSummary implementation uses keys that are present in multiple pages. The following keys are duplicates: ${list(onSeveralPages)}`,
    );
  }
  const twiceOnOnePage = [...pagesOfKey].filter(([, pages]) => pages.length > 1).map(([key]) => key);
  if (twiceOnOnePage.length > 0) {
    throw new FormConfigurationError(
      `The form asks for these keys more than once on the same page: ${list(twiceOnOnePage)}`,
    );
  }

  const notInModel = formKeys.filter((k) => !model.has(k));
  if (notInModel.length > 0) {
    throw new FormConfigurationError(
      `Your ValidationErrorSummary implementation uses keys that are not present in the tenant dataModel. The following keys are missing: ${list(notInModel)}`,
    );
  }

  const unknownConditionKeys = new Set(usedInConditions.filter((k) => !model.has(k)));
  if (unknownConditionKeys.size > 0) {
    throw new FormConfigurationError(
      `Conditions refer to keys that are not present in the tenant dataModel: ${list(unknownConditionKeys)}`,
    );
  }

  for (const r of repeaters) {
    if (r.maxRepeats > MAX_REPEATS || r.prefixes.length > MAX_REPEATS || r.items.length > MAX_REPEATS) {
      throw new FormConfigurationError(
        `The add-another "${r.key}" allows ${Math.max(r.maxRepeats, r.prefixes.length, r.items.length)} repeats; the maximum is MAX_REPEATS (${MAX_REPEATS}).`,
      );
    }
    const unused = r.prefixes.filter((prefix) => ![...model].some((k) => k.startsWith(prefix)));
    if (unused.length > 0) {
      throw new FormConfigurationError(
        `The add-another "${r.key}" uses prefixes that are not part of any key in the tenant dataModel: ${list(unused)}`,
      );
    }
  }

  const warnings: string[] = [];
  if (options.schemaKeys) {
    const schemaKeys = [...options.schemaKeys];
    const schemaNotInModel = schemaKeys.filter((k) => !model.has(k));
    if (schemaNotInModel.length > 0) {
      throw new FormConfigurationError(
        `Your validation schema uses keys that are not present in the tenant dataModel. The following keys are missing: ${list(schemaNotInModel)}`,
      );
    }
    for (const key of schemaKeys) if (!pagesOfKey.has(key)) warnings.push(missingPageWarning(key));
  }
  return warnings;
}
