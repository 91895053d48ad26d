import { conditionKeys } from './condition';
import type { FormDefinition } from './form-types';
import type { Question } from './question-types';
import { allQuestions } from './walk';

const cache = new WeakMap<FormDefinition, ReadonlySet<string>>();

function keysOf(question: Question): string[] {
  const keys = question.hideWhen ? conditionKeys(question.hideWhen) : [];
  if (question.kind === 'conditional-select') keys.push(question.controlKey);
  if (question.kind === 'confirmation-gate') keys.push(question.key);
  if (question.kind === 'condition-group') keys.push(...question.branches.flatMap((b) => conditionKeys(b.when)));
  return keys;
}

/**
 * Answer keys whose value can show, hide or clear other answers. A save that
 * touches none of them cannot trigger a clearing rule, so the server can
 * merge it without reading the stored answers first.
 */
export function controllingKeys(form: FormDefinition): ReadonlySet<string> {
  let keys = cache.get(form);
  if (!keys) {
    const set = new Set<string>();
    for (const page of form.pages) {
      for (const section of page.sections)
        if (section.hideWhen) conditionKeys(section.hideWhen).forEach((k) => set.add(k));
      for (const question of allQuestions(page)) keysOf(question).forEach((k) => set.add(k));
    }
    keys = set;
    cache.set(form, keys);
  }
  return keys;
}
