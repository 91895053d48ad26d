import { fieldLink, pageOfKey } from '../form/answer-keys';
import { fieldContext } from '../form/field-context';
import type { FormDefinition, PagePath } from '../form/form-types';
import { orderValidationErrors, type ValidationErrorsLike } from './rule-engine';

export interface SummaryLink {
  readonly key: string;
  readonly message: string;
  /** `page#field_key`, e.g. '/about#first_name' (fieldLink); `#key` for a key no page asks for. */
  readonly href: string;
  /** The page that asks for the key; undefined for a key no page asks for. */
  readonly page: PagePath | undefined;
  /** The message as the summary shows it: with its block first when it is in one ('School 3: City'). */
  readonly text: string;
}

/** The summary's links of one step, under its name. */
export interface SummaryGroup {
  /** 'Step 2: Education'; 'Other' for keys no page asks for. */
  readonly title: string;
  readonly page: PagePath | undefined;
  readonly links: readonly SummaryLink[];
}

export interface SummaryOptions {
  /** At most this many messages per field (all by default). */
  readonly perField?: number;
  /** At most this many links in all (all by default). */
  readonly limit?: number;
}

/**
 * The lines of the validation summary: one per message, in field order
 * (page order, then question order), each linking to its field. Errors may
 * come in any order (e.g. from the server); they are ordered and
 * de-duplicated here. A key no page asks for (checkFormConfiguration warns
 * about those) is still listed, last, so no error is silently dropped.
 */
export function summaryLinks(
  form: FormDefinition,
  errors: ValidationErrorsLike,
  options: SummaryOptions = {},
): SummaryLink[] {
  const links: SummaryLink[] = [];
  for (const [key, messages] of Object.entries(orderValidationErrors(form, errors))) {
    const href = fieldLink(form, key) ?? `#${key}`;
    const page = pageOfKey(form, key);
    const block = fieldContext(form, key)?.block;
    for (const message of messages.slice(0, options.perField ?? messages.length)) {
      links.push({ key, message, href, page, text: block ? `${block}: ${message}` : message });
    }
  }
  return links.slice(0, options.limit ?? links.length);
}

/** The summary's links grouped by step, in page order, so ten schools' errors read as one step's list. */
export function summaryGroups(
  form: FormDefinition,
  errors: ValidationErrorsLike,
  options: SummaryOptions = {},
): SummaryGroup[] {
  const links = summaryLinks(form, errors, options);
  const groups: SummaryGroup[] = form.pages
    .map((p) => ({ title: `Step ${p.step}: ${p.title}`, page: p.path, links: links.filter((l) => l.page === p.path) }))
    .filter((g) => g.links.length > 0);
  const other = links.filter((l) => l.page === undefined);
  return other.length > 0 ? [...groups, { title: 'Other', page: undefined, links: other }] : groups;
}
