/**
 * Search text and directory names are compared in one plain form: accents
 * dropped, lower case, '&' read as 'and', apostrophes and dots closed up
 * ("St. Mary's" -> "st marys", "M.I.T." -> "mit"), any other punctuation a
 * word break, single spaces.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a text in normalised form. */
export function wordsOf(text: string): string[] {
  const plain = normalise(text);
  return plain === '' ? [] : plain.split(' ');
}
