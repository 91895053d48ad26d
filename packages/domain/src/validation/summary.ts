import { fieldLink, pageOfKey } from '../form/answer-keys';
import type { FormDefinition, PagePath } from '../form/form-types';
import { orderValidationErrors, type ValidationErrorsLike } from './rule-engine';

export interface SummaryLink {
  readonly key: string;
  readonly message: string;
  /** `page#field_key`, e.g. '/about#first_name' (fieldLink); `#key` for a key no page asks for. */
  readonly href: string;
  /** The page that asks for the key; undefined for a key no page asks for. */
  readonly page: PagePath | undefined;
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
export function summaryLinks(form: FormDefinition, errors: ValidationErrorsLike, options: SummaryOptions = {}): SummaryLink[] {
  const links: SummaryLink[] = [];
  for (const [key, messages] of Object.entries(orderValidationErrors(form, errors))) {
    const href = fieldLink(form, key) ?? `#${key}`;
    const page = pageOfKey(form, key);
    for (const message of messages.slice(0, options.perField ?? messages.length)) links.push({ key, message, href, page });
  }
  return links.slice(0, options.limit ?? links.length);
}
