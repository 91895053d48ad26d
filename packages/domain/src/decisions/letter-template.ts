/**
 * A decision letter is the tenant's plain-text template with the applicant's
 * facts put in. Every value and every word of the template is escaped, so
 * what an applicant typed (a name with markup in it) and what an office wrote
 * can only ever be text: the letter's HTML has no tag but <p>, <ul> and <li>.
 */
export const LETTER_PLACEHOLDERS = [
  'first_name',
  'last_name',
  'name',
  'program',
  'term',
  'reply_by',
  'conditions',
  'institution',
  'decision',
] as const;
export type LetterPlaceholder = (typeof LETTER_PLACEHOLDERS)[number];

export interface LetterValues {
  first_name: string;
  last_name: string;
  /** The name to greet: the preferred name, else the first name. */
  name: string;
  program: string;
  term: string;
  /** Already written out with its zone ('11:59 pm Central Time on Friday, 15 January 2027'), or ''. */
  reply_by: string;
  conditions: readonly string[];
  institution: string;
  decision: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

function valueOf(values: LetterValues, key: string): string {
  if (key === 'conditions') return values.conditions.join('; ');
  return (values as unknown as Record<string, string | undefined>)[key] ?? '';
}

/** The letter's paragraphs as plain text (for the PDF and for a test that reads words). */
export function letterParagraphs(template: string, values: LetterValues): (string | string[])[] {
  return template
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) =>
      /^\{\{\s*conditions\s*\}\}$/.test(p)
        ? [...values.conditions]
        : p.replace(PLACEHOLDER, (_m, key: string) => valueOf(values, key)),
    )
    .filter((p) => (Array.isArray(p) ? p.length > 0 : true));
}

/** The letter as HTML: escaped paragraphs, lines kept, a paragraph that is only {{conditions}} as a list. */
export function letterHtml(template: string, values: LetterValues): string {
  return letterParagraphs(template, values)
    .map((p) =>
      Array.isArray(p)
        ? `<ul>${p.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>`
        : `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`,
    )
    .join('\n');
}
