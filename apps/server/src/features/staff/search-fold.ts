/**
 * How the staff search compares names (issue 49): both the index (search_text, sort_name) and a
 * search term are folded the same way, so a name is found whether it or the term is typed with its
 * own letters or in plain ones.
 *
 * - Case is dropped, and so are accents: NFKD splits a letter into its base and its marks, and the
 *   marks go (José → jose, Zoë → zoe, Núñez → nunez).
 * - Letters NFKD leaves whole have no marks to drop; FOLDS writes each the one way it is written in
 *   plain letters: ß → ss, æ → ae, œ → oe, ı (Turkish dotless i) → i, ł → l, đ → d, ð → d, þ → th.
 *   (İ needs no entry: lower case makes it i with a dot above, and the dot is a mark.)
 * - Four letters are written two ways: ø as o (Sørensen → sorensen) or as oe, as Danes and Norwegians do
 *   (Ærø → aeroe); ä, ö, ü as a, o, u or as ae, oe, ue, as Germans do (Müller → muller or mueller).
 *   Each has two spellings, the short and the long. The index holds a name under both, and a term is
 *   looked for under both: a term and a name match when one spelling of the term is part of one spelling
 *   of the name. So `sorensen` and `soerensen` both find Sørensen, and `Sørensen` finds Sørensen,
 *   Sorensen and Soerensen.
 * - Plain letters are never read as one of these: `oe` typed is not taken for ø, nor `ae` for æ or ä, so
 *   `sorensen` does not find Soerensen, and `jol` does not find Joel. Guessing would make Joel, Michael and
 *   Rafael turn up for searches that never meant them.
 *
 * The sort key (sort_name) is the short spelling, so Ærø sorts among the a's, not after z.
 */

const FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
};

/** The letters written two ways in plain letters: [short, long]. */
const TWO_WAYS: Readonly<Record<string, readonly [string, string]>> = {
  ø: ['o', 'oe'],
  ä: ['a', 'ae'],
  ö: ['o', 'oe'],
  ü: ['u', 'ue'],
};

const FOLDED = new RegExp(`[${Object.keys(FOLDS).join('')}${Object.keys(TWO_WAYS).join('')}]`, 'g');

function fold(text: string, spelling: 0 | 1): string {
  return (
    text
      // Composed first, so ä typed as a + ¨ is ä; lower case first, so the table holds only small letters.
      .normalize('NFC')
      .toLowerCase()
      .replace(FOLDED, (letter) => FOLDS[letter] ?? TWO_WAYS[letter]![spelling])
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The short spelling: lower case, accents dropped, letters folded. The sort key. */
export function searchable(text: string): string {
  return fold(text, 0);
}

/**
 * The words of a text, each with its spellings, the short one first: one, or two where the word has ø, ä, ö
 * or ü. The two spellings of a text differ only in those letters, so their words pair up one to one.
 */
export function searchWords(text: string): string[][] {
  const long = fold(text, 1).split(' ');
  return searchable(text)
    .split(' ')
    .filter(Boolean)
    .map((word, i) => (long[i] === undefined || long[i] === word ? [word] : [word, long[i]]));
}

/** What the index holds to be searched: the text's short spelling, then the long spelling of each word that has one. */
export function searchTextOf(text: string): string {
  const longs = searchWords(text).flatMap((spellings) => spellings.slice(1));
  return [searchable(text), ...new Set(longs)].join(' ');
}
