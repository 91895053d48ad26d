/** SPEC section 3 and 9: nine digits written as 3-2-4 groups joined by hyphens. */
const GROUPS = [3, 2, 4] as const;
export const SSN_DIGITS = GROUPS.reduce((a, b) => a + b, 0);

/**
 * Strips everything but digits (at most nine) and regroups them, so the
 * value reads 'NNN-NN-NNNN' however it was typed or pasted. A partial
 * number is grouped as far as it goes: '12345' -> '123-45'.
 */
export function formatSsn(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, SSN_DIGITS);
  const parts: string[] = [];
  let at = 0;
  for (const size of GROUPS) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join('-');
}
