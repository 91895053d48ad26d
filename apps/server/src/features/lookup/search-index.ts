import { normalise, wordsOf } from './normalise';

/** One searchable entry: what the list shows and the names it can be found by. */
export interface IndexEntry<T> {
  id: string;
  text: string;
  sub_text: string;
  /** The name first, then aliases ("MIT", "UCLA"); each is matched like the name. */
  names: readonly string[];
  /** Lower ranks first among equally good matches (degree-granting colleges before others). */
  rank: number;
  record: T;
}

export interface SearchHit<T> {
  entry: IndexEntry<T>;
  /** 0: a name starts with the text; 1: every word of the text starts a word of a name; 2: the rest. */
  tier: 0 | 1 | 2;
}

/** Prefixes longer than this share the postings of their first PREFIX_CAP characters, then are checked word by word. */
const PREFIX_CAP = 8;
/** Matches inside words ("the rest") are sought only for words at least this long, so "a" does not match half the list. */
const INFIX_MIN_LENGTH = 3;

interface Prepared<T> {
  entry: IndexEntry<T>;
  /** Normalised names, for "starts with the text" and the inside-word scan. */
  plainNames: string[];
  /** Every normalised word of every name, for the word-prefix check of long query words. */
  words: string[];
}

/**
 * An in-memory index of one directory, built once at start.
 *
 * Entries are kept in a fixed order (rank, then shorter names, then
 * alphabetical), and every word prefix of up to PREFIX_CAP characters maps to
 * the ascending positions of the entries having a word with that prefix. A
 * query intersects the lists of its words (smallest first, binary search in
 * the others), so its cost follows the number of matches, not the size of the
 * directory. Only when those give fewer than asked for does it scan for
 * matches inside words.
 */
export class SearchIndex<T> {
  private readonly items: Prepared<T>[];
  /**
   * Every prefix's list of positions, end to end in one array (one object
   * per prefix would cost more memory than the positions themselves):
   * prefix -> slot, and slot -> [start, end) in `positions`.
   */
  private readonly slots = new Map<string, number>();
  private readonly starts: Int32Array;
  private readonly positions: Int32Array;
  private readonly byId = new Map<string, IndexEntry<T>>();

  constructor(entries: readonly IndexEntry<T>[]) {
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    this.items = entries
      .map((entry) => ({
        entry,
        plainNames: entry.names.map(normalise).filter((n) => n !== ''),
        words: [...new Set(entry.names.flatMap(wordsOf))],
      }))
      .sort((a, b) => a.entry.rank - b.entry.rank || a.entry.text.length - b.entry.text.length || collator.compare(a.entry.text, b.entry.text));

    const lists = new Map<string, number[]>();
    this.items.forEach((item, position) => {
      this.byId.set(item.entry.id, item.entry);
      const prefixes = new Set<string>();
      for (const word of item.words) {
        for (let len = 1; len <= Math.min(word.length, PREFIX_CAP); len++) prefixes.add(word.slice(0, len));
      }
      for (const prefix of prefixes) {
        let list = lists.get(prefix);
        if (!list) lists.set(prefix, (list = []));
        list.push(position); // positions arrive in ascending order
      }
    });
    this.starts = new Int32Array(lists.size + 1);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    this.positions = new Int32Array(total);
    let slot = 0;
    let offset = 0;
    for (const [prefix, list] of lists) {
      this.slots.set(prefix, slot);
      this.starts[slot] = offset;
      this.positions.set(list, offset);
      offset += list.length;
      this.starts[++slot] = offset;
    }
  }

  private postingsOf(prefix: string): Int32Array | undefined {
    const slot = this.slots.get(prefix);
    return slot === undefined ? undefined : this.positions.subarray(this.starts[slot]!, this.starts[slot + 1]!);
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

    // Buckets, best first: a whole name or alias is the text; a name starts with it;
    // the words start words of a name in the order typed; in any order. Each keeps
    // at most `max`, and entries arrive in rank order, so the first are the best.
    const buckets: IndexEntry<T>[][] = [[], [], [], []];
    const found = new Set<number>();
    for (const position of this.wordPrefixMatches(queryWords)) {
      const item = this.items[position]!;
      found.add(position);
      const bucket = item.plainNames.includes(plain)
        ? 0
        : item.plainNames.some((n) => n.startsWith(plain))
          ? 1
          : inOrder(queryWords, item.plainNames)
            ? 2
            : 3;
      if (buckets[bucket]!.length < max) buckets[bucket]!.push(item.entry);
      if (buckets[0]!.length >= max) break;
    }
    const hits: SearchHit<T>[] = buckets.flatMap((entries, bucket) =>
      entries.map((entry) => ({ entry, tier: bucket < 2 ? (0 as const) : (1 as const) })),
    );
    hits.length = Math.min(hits.length, max);
    if (hits.length < max && queryWords.every((w) => w.length >= INFIX_MIN_LENGTH)) {
      for (let position = 0; position < this.items.length && hits.length < max; position++) {
        if (found.has(position)) continue;
        const item = this.items[position]!;
        if (queryWords.every((w) => item.plainNames.some((n) => n.includes(w)))) hits.push({ entry: item.entry, tier: 2 });
      }
    }
    return hits;
  }

  /** Positions, ascending, of the entries where every query word starts some word of a name. */
  private *wordPrefixMatches(queryWords: readonly string[]): Generator<number> {
    const lists: Int32Array[] = [];
    for (const word of new Set(queryWords)) {
      const list = this.postingsOf(word.slice(0, PREFIX_CAP));
      if (!list) return;
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    const [smallest, ...others] = lists;
    const longWords = queryWords.filter((w) => w.length > PREFIX_CAP);
    for (const position of smallest!) {
      if (!others.every((list) => contains(list, position))) continue;
      if (longWords.length && !longWords.every((w) => this.items[position]!.words.some((word) => word.startsWith(w)))) continue;
      yield position;
    }
  }
}

/** Whether some name has words starting with the query words in the order typed ("univ mich": University of Michigan). */
function inOrder(queryWords: readonly string[], plainNames: readonly string[]): boolean {
  return plainNames.some((name) => {
    let next = 0;
    for (const word of name.split(' ')) {
      if (next < queryWords.length && word.startsWith(queryWords[next]!)) next++;
    }
    return next === queryWords.length;
  });
}

function contains(sorted: Int32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
