import { describe, expect, it } from 'vitest';
import { normalise, wordsOf } from './normalise';
import { SearchIndex, type IndexEntry } from './search-index';

describe('normalise', () => {
  it('drops accents, case and punctuation, closing up apostrophes and dots', () => {
    expect(normalise('  Universidad de São Paulo ')).toBe('universidad de sao paulo');
    expect(normalise("St. Mary's College")).toBe('st marys college');
    expect(normalise('M.I.T.')).toBe('mit');
    expect(normalise('University of California-Los Angeles')).toBe('university of california los angeles');
    expect(normalise('Texas A&M University')).toBe('texas a and m university');
    expect(normalise('École Polytechnique Fédérale')).toBe('ecole polytechnique federale');
    expect(normalise('--- ...')).toBe('');
  });

  it('splits into plain words', () => {
    expect(wordsOf('Wake Forest, NC')).toEqual(['wake', 'forest', 'nc']);
    expect(wordsOf('')).toEqual([]);
  });
});

const entry = (id: string, text: string, extra: Partial<IndexEntry<null>> = {}): IndexEntry<null> => ({
  id,
  text,
  sub_text: '',
  names: [text, ...(extra.names ?? [])],
  rank: extra.rank ?? 0,
  record: null,
});

const ENTRIES = [
  entry('1', 'Massachusetts Institute of Technology', { names: ['MIT', 'M.I.T.'] }),
  entry('2', 'Mitchell College'),
  entry('3', 'University of California-Los Angeles', { names: ['UCLA'] }),
  entry('4', 'University of Michigan-Ann Arbor'),
  entry('5', 'Michigan State University'),
  entry('6', 'Central Michigan University'),
  entry('7', 'Universidad del Sagrado Corazón'),
  entry('8', 'Saint Michael Beauty Academy', { rank: 1 }),
  entry('9', 'Michaelson Institute', { rank: 0 }),
  entry('10', 'Harvard University'),
  entry('11', 'Harvard Beauty School', { rank: 1 }),
  entry('12', 'Cosmetology School of Harvardville'),
];
const index = SearchIndex.of(ENTRIES);
const texts = (query: string, max = 5) => index.search(query, max).map((h) => h.entry.text);

describe('SearchIndex ranking', () => {
  it('puts a name that starts with the text before one where only a later word does, then matches inside words', () => {
    expect(texts('harvard')).toEqual([
      'Harvard University',
      'Harvard Beauty School',
      'Cosmetology School of Harvardville',
    ]);
    expect(texts('mich')).toEqual([
      // Names starting with the text; Michaelson (degree-granting, rank 0) before Saint Michael (rank 1) in the next tier.
      'Michaelson Institute',
      'Michigan State University',
      'Central Michigan University',
      'University of Michigan-Ann Arbor',
      'Saint Michael Beauty Academy',
    ]);
  });

  it('ranks degree-granting entries (lower rank) first among equally good matches', () => {
    expect(texts('harvard', 2)).toEqual(['Harvard University', 'Harvard Beauty School']);
    expect(texts('michael')).toEqual(['Michaelson Institute', 'Saint Michael Beauty Academy']);
  });

  it('finds aliases, an exact alias first', () => {
    expect(texts('MIT')[0]).toBe('Massachusetts Institute of Technology');
    expect(texts('M.I.T.')[0]).toBe('Massachusetts Institute of Technology');
    expect(texts('mit')).toContain('Mitchell College');
    expect(texts('ucla')).toEqual(['University of California-Los Angeles']);
  });

  it('ignores accents, case and punctuation on both sides', () => {
    expect(texts('corazon')).toEqual(['Universidad del Sagrado Corazón']);
    expect(texts('CORAZÓN')).toEqual(['Universidad del Sagrado Corazón']);
    expect(texts('california los')).toEqual(['University of California-Los Angeles']);
    expect(texts('california-los angeles!')).toEqual(['University of California-Los Angeles']);
  });

  it('matches every word of a multi-word query, words in the order typed first ("univ mich")', () => {
    expect(texts('univ mich')).toEqual([
      'University of Michigan-Ann Arbor',
      'Michigan State University',
      'Central Michigan University',
    ]);
    expect(texts('mich state')).toEqual(['Michigan State University']);
    expect(texts('univ zzz')).toEqual([]);
  });

  it('returns at most max results, and nothing for blank text', () => {
    expect(texts('u', 2)).toHaveLength(2);
    expect(texts('   ')).toEqual([]);
    expect(texts('?!')).toEqual([]);
  });

  it('finds an entry by id', () => {
    expect(index.get('10')?.text).toBe('Harvard University');
    expect(index.get('999')).toBeUndefined();
  });
});

describe('SearchIndex built in slices', () => {
  const QUERIES = ['harvard', 'mich', 'MIT', 'ucla', 'corazon', 'univ mich', 'u', 'rvard', 'zzz'];

  it('answers every query as the index built at once does', async () => {
    const sliced = await SearchIndex.inSlices(ENTRIES, { sliceMs: 0 });
    for (const query of QUERIES) expect(sliced.search(query, 5)).toEqual(index.search(query, 5));
    expect(sliced.get('10')?.text).toBe('Harvard University');
    expect(sliced.size).toBe(ENTRIES.length);
  });

  it('lets other work run while it builds', async () => {
    let turns = 0;
    let building = true;
    const turn = () => {
      turns++;
      if (building) setImmediate(turn);
    };
    setImmediate(turn);
    // A clock that moves a millisecond at each look: every step ends a 1 ms slice.
    let ms = 0;
    await SearchIndex.inSlices(ENTRIES, { sliceMs: 1, now: () => ms++ });
    building = false;
    // At least one turn per entry prepared, and per entry in each of the two posting tables.
    expect(turns).toBeGreaterThanOrEqual(3 * ENTRIES.length);
  });
});
