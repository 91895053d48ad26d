/** SPEC section 9: '(NXX) NNN-NNNN', ten digits. */
export const PHONE_DIGITS = 10;

/**
 * Keeps the digits (at most ten) and writes them as far as they go:
 * '20' -> '(20', '20255' -> '(202) 55', '2025550123' -> '(202) 555-0123'.
 * Separators appear only once a digit follows them, so deleting never gets
 * stuck behind one.
 */
export function formatPhone(input: string): string {
  const d = digitsOf(input);
  if (d.length === 0) return '';
  let out = `(${d.slice(0, 3)}`;
  if (d.length > 3) out += `) ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6)}`;
  return out;
}

export function digitsOf(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_DIGITS);
}

/** Where the caret goes in formatted text: just after its count-th digit (at the start for 0). */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return formatted.startsWith('(') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!) && ++seen === count) return i + 1;
  }
  return formatted.length;
}
