import { CHECKED } from '../answers/answer-values';
import type { OptionList } from '../answers/answer-option';
import type { FormDefinition } from './form-types';
import { allQuestions } from './walk';

const cache = new WeakMap<FormDefinition, ReadonlyMap<string, ReadonlySet<string>>>();

const valuesOf = (lists: readonly OptionList[]) => new Set(['', ...lists.flat().map((o) => o.value)]);

/**
 * The only values a choice question can hold: its options (for a conditional
 * select, those of any controlling answer), or '' and 'true' for a box.
 * Free-text questions are absent: any text within their length is allowed.
 */
export function allowedAnswerValues(form: FormDefinition): ReadonlyMap<string, ReadonlySet<string>> {
  let map = cache.get(form);
  if (!map) {
    const m = new Map<string, ReadonlySet<string>>();
    for (const q of form.pages.flatMap(allQuestions)) {
      if (q.kind === 'select' || q.kind === 'radio') m.set(q.key, valuesOf([q.options]));
      if (q.kind === 'conditional-select') {
        m.set(
          q.key,
          valuesOf(
            q.options.category === 'display-only' ? [q.options.options] : Object.values(q.options.byControlValue),
          ),
        );
      }
      if (q.kind === 'checkbox' || q.kind === 'confirmation-gate') m.set(q.key, new Set(['', CHECKED]));
    }
    map = m;
    cache.set(form, map);
  }
  return map;
}
