/**
 * Element ids derived from an answer key. The control itself takes the key as
 * its id, because the validation summary links to `page#key`; the suffixes
 * use '-' so they can never equal another answer key (keys use '_').
 */
export const descriptionIdOf = (key: string) => `${key}-description`;
export const errorIdOf = (key: string) => `${key}-error`;
export const labelIdOf = (key: string) => `${key}-label`;

/** The attributes that tie a control to its label's messages. */
export interface ControlA11y {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Error first, so a screen reader reads what is wrong before the help text. */
export function describedBy(
  key: string,
  hasDescription: boolean,
  hasErrors: boolean,
  extra: readonly string[] = [],
): string | undefined {
  const ids = [hasErrors && errorIdOf(key), hasDescription && descriptionIdOf(key), ...extra].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
