import { normalise, wordsOf } from './normalise';
import { runAtOnce, runInSlices, type SliceOptions, type Steps } from './in-slices';
import { containsSorted, PostingTable } from './posting-table';

/** One searchable entry: what the list shows and the names it can be found by. */
export interface IndexEntry<T> {
  id: string;
  text: string;
  sub_text: string;
  /** The name first, then aliases ("MIT", "UCLA"); each is matched like the name. */
  names: readonly string[];
  /** Lower ranks first among equally good matches (degree-granting colleges before others). */
  rank: number;
  /** A five-digit ZIP code: a search for exactly five digits lists the entries of that ZIP first. */
  zip?: string;
  record: T;
}

export interface SearchHit<T> {
  entry: IndexEntry<T>;
  /** 0: a name starts with the text; 1: every word of the text starts a word of a name; 2: the rest. */
  tier: 0 | 1 | 2;
}

const FIVE_DIGITS = /^\d{5}$/;
/** Prefixes longer than this share the postings of their first PREFIX_CAP characters, then are checked word by word. */
const PREFIX_CAP = 8;
/** Candidates looked at for words in the order typed, once enough in another order are found. */
const SCAN_BUDGET = 300;
/** Matches inside words ("the rest") are sought only for words at least this long, so "a" does not match half the list. */
const INFIX_MIN_LENGTH = 3;

interface Prepared<T> {
  entry: IndexEntry<T>;
  /** Normalised names, for "starts with the text" and the inside-word scan. */
  plainNames: string[];
  /** Every normalised word of every name, for the word-prefix check of long query words. */
  words: string[];
  /** The words of each name in order, for "in the order typed". */
  nameWords: string[][];
}

/**
 * An in-memory index of one directory, built once (in slices in the server).
 *
 * Entries are kept in a fixed order (rank, then shorter names, then
 * alphabetical). Every word prefix of up to PREFIX_CAP characters maps to the
 * ascending positions of the entries having a word with that prefix, and
 * every three-letter run inside a name to the entries containing it. A query
 * intersects the lists of its words (smallest first, binary search in the
 * others), so its cost follows the number of matches, not the size of the
 * directory. Matches inside words come from the rarest three-letter run of
 * the query, checked entry by entry, and only when the word matches give
 * fewer than asked for.
 */
export class SearchIndex<T> {
  private constructor(
    private readonly items: Prepared<T>[],
    private readonly byId: Map<string, IndexEntry<T>>,
    /** Every normalised name and alias, in code-unit order, for "starts with the text" by binary search. */
    private readonly sortedNames: { name: string; position: number }[],
    private readonly prefixes: PostingTable,
    private readonly trigrams: PostingTable,
    /** Entry positions, ascending, by five-digit ZIP code. */
    private readonly byZip: Map<string, number[]>,
  ) {}

  /** Builds the index at once (tests, short lists). */
  static of<T>(entries: readonly IndexEntry<T>[]): SearchIndex<T> {
    return runAtOnce(SearchIndex.build(entries));
  }

  /** Builds the index in slices, so a server answers requests meanwhile. */
  static inSlices<T>(entries: readonly IndexEntry<T>[], options?: SliceOptions): Promise<SearchIndex<T>> {
    return runInSlices(SearchIndex.build(entries), options);
  }

  /** The build, pausing after each entry; the two sorts are single steps (tens of ms for 80,000 names). */
  private static *build<T>(entries: readonly IndexEntry<T>[]): Steps<SearchIndex<T>> {
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const items: Prepared<T>[] = [];
    for (const entry of entries) {
      items.push({
        entry,
        plainNames: entry.names.map(normalise).filter((n) => n !== ''),
        words: [...new Set(entry.names.flatMap(wordsOf))],
        nameWords: entry.names.map(wordsOf),
      });
      yield;
    }
    items.sort(
      (a, b) =>
        a.entry.rank - b.entry.rank ||
        a.entry.text.length - b.entry.text.length ||
        collator.compare(a.entry.text, b.entry.text),
    );
    yield;
    const byId = new Map<string, IndexEntry<T>>();
    const byZip = new Map<string, number[]>();
    items.forEach((item, position) => {
      byId.set(item.entry.id, item.entry);
      const zip = item.entry.zip;
      if (zip === undefined || !FIVE_DIGITS.test(zip)) return;
      const list = byZip.get(zip);
      if (list) list.push(position);
      else byZip.set(zip, [position]);
    });
    yield;
    const sortedNames = items
      .flatMap((item, position) => item.plainNames.map((name) => ({ name, position })))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.position - b.position));
    yield;

    const prefixes = yield* PostingTable.build(items.length, (position) => {
      const keys = new Set<string>();
      for (const word of items[position]!.words) {
        for (let len = 1; len <= Math.min(word.length, PREFIX_CAP); len++) keys.add(word.slice(0, len));
      }
      return keys;
    });
    const trigrams = yield* PostingTable.build(items.length, (position) => {
      const keys = new Set<string>();
      for (const word of items[position]!.words) {
        for (let i = 0; i + 3 <= word.length; i++) keys.add(word.slice(i, i + 3));
      }
      return keys;
    });
    return new SearchIndex(items, byId, sortedNames, prefixes, trigrams, byZip);
  }

  get size(): number {
    return this.items.length;
  }

  get(id: string): IndexEntry<T> | undefined {
    return this.byId.get(id);
  }

  /** The best `max` entries for the text, best first. */
  search(text: string, max: number): SearchHit<T>[] {
    const plain = normalise(text);
    if (plain === '' || max < 1) return [];
    const queryWords = plain.split(' ');

    // Tiers, best first: the entries of a ZIP code typed in full; a whole name or alias is
    // the text; a name starts with it (both from the sorted names); the words start words
    // of a name in the order typed; in any order; inside words. Positions are in rank
    // order, so the lowest are the best.
    const ofZip = FIVE_DIGITS.test(plain) ? (this.byZip.get(plain) ?? []) : [];
    const { exact, starting } = this.namesStartingWith(plain, max);
    const first = [...new Set([...ofZip, ...exact, ...starting])];
    const hits: SearchHit<T>[] = first.slice(0, max).map((p) => ({ entry: this.items[p]!.entry, tier: 0 }));
    const taken = new Set<number>(first);
    if (hits.length >= max) return hits;

    const inOrderHits: number[] = [];
    const anyOrderHits: number[] = [];
    const room = max - hits.length;
    let scanned = 0;
    for (const position of this.wordPrefixMatches(queryWords)) {
      if (taken.has(position)) continue;
      taken.add(position);
      if (inOrder(queryWords, this.items[position]!.nameWords)) inOrderHits.push(position);
      else if (anyOrderHits.length < room) anyOrderHits.push(position);
      if (inOrderHits.length >= room) break;
      // Words in another order are rarely what is meant; once those are enough, look a little further for better ones only.
      if (anyOrderHits.length >= room && ++scanned > SCAN_BUDGET) break;
    }
    for (const position of [...inOrderHits, ...anyOrderHits].slice(0, room))
      hits.push({ entry: this.items[position]!.entry, tier: 1 });

    if (hits.length < max && queryWords.every((w) => w.length >= INFIX_MIN_LENGTH)) {
      // Every query word is inside some word of the entry, so the rarest three-letter run of any of them bounds the candidates.
      let rarest: Int32Array | undefined;
      for (const word of queryWords) {
        for (let i = 0; i + 3 <= word.length; i++) {
          const list = this.trigrams.get(word.slice(i, i + 3));
          if (!rarest || list.length < rarest.length) rarest = list;
        }
      }
      for (const position of rarest ?? []) {
        if (hits.length >= max) break;
        if (taken.has(position)) continue;
        const item = this.items[position]!;
        if (queryWords.every((w) => item.words.some((word) => word.includes(w))))
          hits.push({ entry: item.entry, tier: 2 });
      }
    }
    return hits;
  }

  /**
   * The best (lowest) `max` positions whose name or alias is `plain` (exact)
   * or starts with it (starting, without the exact ones), each ascending.
   */
  private namesStartingWith(plain: string, max: number): { exact: number[]; starting: number[] } {
    let lo = 0;
    let hi = this.sortedNames.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sortedNames[mid]!.name < plain) lo = mid + 1;
      else hi = mid;
    }
    const exact: number[] = [];
    const starting: number[] = [];
    for (let i = lo; i < this.sortedNames.length; i++) {
      const { name, position } = this.sortedNames[i]!;
      if (!name.startsWith(plain)) break;
      // An exact name sorts before every longer one, so the exact run comes first.
      if (name === plain) keepLowest(exact, position, max);
      else if (!exact.includes(position)) keepLowest(starting, position, max);
    }
    return { exact, starting: starting.filter((p) => !exact.includes(p)) };
  }

  /** Positions, ascending, of the entries where every query word starts some word of a name. */
  private *wordPrefixMatches(queryWords: readonly string[]): Generator<number> {
    const lists: Int32Array[] = [];
    for (const word of new Set(queryWords)) {
      const list = this.prefixes.get(word.slice(0, PREFIX_CAP));
      if (list.length === 0) return;
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    const [smallest, ...others] = lists;
    const longWords = queryWords.filter((w) => w.length > PREFIX_CAP);
    for (const position of smallest!) {
      if (!others.every((list) => containsSorted(list, position))) continue;
      if (longWords.length && !longWords.every((w) => this.items[position]!.words.some((word) => word.startsWith(w))))
        continue;
      yield position;
    }
  }
}

/** Keeps `list` the ascending `max` lowest distinct values seen (a small insertion sort: max is 5). */
function keepLowest(list: number[], value: number, max: number): void {
  if (list.includes(value) || (list.length >= max && value > list[list.length - 1]!)) return;
  let i = list.length;
  while (i > 0 && list[i - 1]! > value) i--;
  list.splice(i, 0, value);
  if (list.length > max) list.pop();
}

/** Whether some name has words starting with the query words in the order typed ("univ mich": University of Michigan). */
function inOrder(queryWords: readonly string[], nameWords: readonly (readonly string[])[]): boolean {
  return nameWords.some((words) => {
    let next = 0;
    for (const word of words) {
      if (next < queryWords.length && word.startsWith(queryWords[next]!)) next++;
    }
    return next === queryWords.length;
  });
}
