/** SPEC section 5: letters, digits and _ . + - before @, then domain parts. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/** Accounts are unique regardless of letter case and surrounding spaces. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
