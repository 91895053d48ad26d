/**
 * Key prefixes of repeated blocks: the first has no number, the rest count
 * from 2 (SPEC section 3: college_, college_2_ ... college_10_).
 */
export function repeatPrefixes(base: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? `${base}_` : `${base}_${i + 1}_`));
}
