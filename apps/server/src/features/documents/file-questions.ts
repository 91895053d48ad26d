import { formFields, type FormDefinition } from '@admissions/domain';

/** The file questions of the form (answer key to label), repeated blocks included. */
const cache = new WeakMap<FormDefinition, ReadonlyMap<string, string>>();

export function fileQuestions(form: FormDefinition): ReadonlyMap<string, string> {
  let found = cache.get(form);
  if (!found) {
    found = new Map(
      formFields(form)
        .filter((f) => f.question.kind === 'file')
        .map((f) => [f.key, f.question.label ?? f.key]),
    );
    cache.set(form, found);
  }
  return found;
}
