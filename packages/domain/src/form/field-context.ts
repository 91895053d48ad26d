import type { FormDefinition, FormPage } from './form-types';
import type { Question } from './question-types';
import { answerKeysOf } from './answer-keys';
import { childrenOf } from './walk';

/** Where a key is asked, in the words a page uses. */
export interface FieldContext {
  readonly key: string;
  readonly page: FormPage;
  /** The section's title ('Colleges and Universities Attended'); '' for an untitled section. */
  readonly section: string;
  /** The repeated block it is in ('School 3'); undefined outside repeats. */
  readonly block?: string;
  /** The question's own label ('City'). */
  readonly label: string;
}

const cache = new WeakMap<FormDefinition, ReadonlyMap<string, FieldContext>>();

function index(form: FormDefinition): ReadonlyMap<string, FieldContext> {
  const cached = cache.get(form);
  if (cached) return cached;
  const map = new Map<string, FieldContext>();
  const visit = (questions: readonly Question[], page: FormPage, section: string, block: string | undefined) => {
    for (const q of questions) {
      const base = { page, section, ...(block ? { block } : {}) };
      // A question's own keys, and any container's key (a tab group, a repeater), so every id can be named.
      for (const key of new Set([q.key, ...answerKeysOf(q)]))
        if (!map.has(key)) map.set(key, { key, ...base, label: q.label });
      if (q.kind === 'add-another') {
        q.items.forEach((item, i) => visit(item, page, section, `${q.itemTitle} ${i + 1}`));
      } else {
        visit(childrenOf(q), page, section, block);
      }
    }
  };
  for (const page of form.pages)
    for (const section of page.sections) visit(section.questions, page, section.title ?? '', undefined);
  cache.set(form, map);
  return map;
}

export function fieldContext(form: FormDefinition, key: string): FieldContext | undefined {
  return index(form).get(key);
}

/**
 * How a message names a key for applicants: its label, preceded by its
 * block where there are several ('School 3: City'); the label of what it
 * belongs to where it has none of its own; never the key itself unless the
 * form does not know it.
 */
export function fieldDisplayName(form: FormDefinition, key: string): string {
  const ctx = fieldContext(form, key);
  if (!ctx) return key;
  const label = ctx.label || ctx.section || ctx.page.title;
  return ctx.block ? `${ctx.block}: ${label}` : label;
}
