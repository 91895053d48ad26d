import type { Steps } from './in-slices';

/**
 * Keys (word prefixes, trigrams) to ascending entry positions, built once.
 * All lists sit end to end in one Int32Array: one object per key would cost
 * more memory than the positions themselves.
 */
export class PostingTable {
  private constructor(
    private readonly slots: Map<string, number>,
    private readonly starts: Int32Array,
    private readonly positions: Int32Array,
  ) {}

  /**
   * Builds a table, pausing after each entry; `keysOf(position)` gives each
   * entry's keys, and positions are visited in ascending order.
   */
  static *build(count: number, keysOf: (position: number) => Iterable<string>): Steps<PostingTable> {
    const lists = new Map<string, number[]>();
    for (let position = 0; position < count; position++) {
      for (const key of keysOf(position)) {
        let list = lists.get(key);
        if (!list) lists.set(key, (list = []));
        list.push(position);
      }
      yield;
    }
    const slots = new Map<string, number>();
    const starts = new Int32Array(lists.size + 1);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    const positions = new Int32Array(total);
    let slot = 0;
    let offset = 0;
    for (const [key, list] of lists) {
      slots.set(key, slot);
      starts[slot] = offset;
      positions.set(list, offset);
      offset += list.length;
      starts[++slot] = offset;
      if (slot % 256 === 0) yield;
    }
    return new PostingTable(slots, starts, positions);
  }

  /** The ascending positions of the entries with this key; empty when none. */
  get(key: string): Int32Array {
    const slot = this.slots.get(key);
    return slot === undefined ? EMPTY : this.positions.subarray(this.starts[slot]!, this.starts[slot + 1]!);
  }
}

const EMPTY = new Int32Array(0);

export function containsSorted(sorted: Int32Array, value: number): boolean {
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
