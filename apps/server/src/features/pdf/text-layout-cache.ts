/** A run of an attributed string, as react-pdf's textkit takes and gives it. */
interface Run {
  start: number;
  end: number;
  attributes: Record<string, unknown>;
}

export interface AttributedString {
  string: string;
  runs: Run[];
}

export interface Container {
  width: number;
  height: number;
  maxLines?: number;
  truncateMode?: string;
  exclusions?: unknown[];
}

export interface LayoutOptions {
  hyphenationPenalty?: number;
  shrinkWhitespaceFactor?: unknown;
  hyphenationCallback?: unknown;
}

/** textkit's layout engine: an attributed string in a container, laid out into paragraphs of lines. */
export type TextEngine = (text: AttributedString, container: Container, options: LayoutOptions) => unknown[][];

/** Where @react-pdf/layout looks for a wrapper of its text engine: added by patches/@react-pdf+layout+*.patch. */
export const TEXT_ENGINE_HOOK = Symbol.for('@react-pdf/layout.textEngine');

export type Wrapper = (
  engine: TextEngine,
  text: AttributedString,
  container: Container,
  options: LayoutOptions,
) => unknown[][];

/**
 * Characters the cache holds at most, all texts together. A laid-out character, with its glyph, its
 * position and its share of the line, was measured at some 480 bytes, so this is some 25 MB in the drawing
 * thread: every label and option of the form (each copy uses them again, so they stay) and the answers of
 * the last few copies drawn (a maximal copy has some 10,000 characters of answers).
 */
export const TEXT_LAYOUT_CACHE_CHARACTERS = 50_000;

/** What the cache has done since it was made, for the tests: texts handed out again, laid out, passed by. */
export interface TextLayoutCacheCounts {
  kept: number;
  laidOut: number;
  passedBy: number;
  /** Characters of the texts held now. */
  characters: number;
}

export interface TextLayoutCache {
  readonly counts: TextLayoutCacheCounts;
  /** textkit's engine, through the cache: what the patched react-pdf calls for every text it lays out. */
  layOut: Wrapper;
}

/** Makes a laid-out text unchangeable, but not the fonts' glyphs it points at (fontkit fills those lazily). */
function freezeLayout(paragraphs: unknown[][]): void {
  for (const lines of paragraphs) {
    for (const line of lines as Record<string, unknown>[]) {
      for (const run of (line.runs ?? []) as Record<string, unknown>[]) {
        for (const name of ['positions', 'glyphIndices', 'glyphs']) {
          const list = run[name];
          if (Array.isArray(list)) {
            if (name === 'positions') list.forEach((p: object) => Object.freeze(p));
            Object.freeze(list);
          }
        }
        Object.freeze(run.attributes);
        Object.freeze(run);
      }
      for (const part of ['runs', 'box', 'decorationLines'])
        if (line[part] && typeof line[part] === 'object') Object.freeze(line[part]);
      Object.freeze(line);
    }
    Object.freeze(lines);
  }
  Object.freeze(paragraphs);
}

/**
 * Keeps the lines react-pdf laid out for each text (decision 059), from one drawing to the next on the
 * drawing thread. Laying out a text (splitting it into scripts and bidirectional runs, picking a font
 * for each character, shaping, breaking lines, justifying) was over a quarter of drawing a copy, and
 * nearly every text of a copy is laid out alike in the next one: the form's labels and options, and an
 * applicant's unchanged answers. textkit's engine is a function of the text, its attributes (fonts,
 * size, colour, alignment, link...), the container and the options, all of which make the key; react-pdf
 * has no hook for it, so a patch of @react-pdf/layout (patches/) calls the function this installs. Texts
 * that flow around shapes or hold images are laid out each time. What the cache hands out is frozen: a
 * later react-pdf that changed laid-out lines in place would fail loudly (and the tests), never draw one
 * copy's lines into another. Least recently used texts go first.
 */
export function createTextLayoutCache(maxCharacters = TEXT_LAYOUT_CACHE_CHARACTERS): TextLayoutCache {
  const counts: TextLayoutCacheCounts = { kept: 0, laidOut: 0, passedBy: 0, characters: 0 };
  const kept = new Map<string, { paragraphs: unknown[][]; characters: number }>();
  const ids = new WeakMap<object, number>();
  let nextId = 0;
  /** Fonts and callbacks are told apart by identity: each drawing thread loads each font once. */
  const idOf = (value: object) => {
    let id = ids.get(value);
    if (id === undefined) ids.set(value, (id = nextId++));
    return id;
  };
  /** Plain values as they are; fonts (and any other instance) and functions by identity. */
  const valueKey = (value: unknown): string => {
    if (typeof value === 'function') return `#${idOf(value)}`;
    if (value === null || typeof value !== 'object') return String(value);
    if (Array.isArray(value)) return `[${value.map(valueKey).join(',')}]`;
    return Object.getPrototypeOf(value) === Object.prototype ? JSON.stringify(value) : `#${idOf(value)}`;
  };
  const keyOf = (text: AttributedString, container: Container, options: LayoutOptions): string | null => {
    let key = `${container.width}|${container.height}|${container.maxLines}|${container.truncateMode}|${options.hyphenationPenalty}|${valueKey(options.shrinkWhitespaceFactor)}|${valueKey(options.hyphenationCallback)}`;
    for (const run of text.runs) {
      key += `\u0001${run.start},${run.end}`;
      for (const name in run.attributes) {
        const value = run.attributes[name];
        // An image in the text: its bytes would make the key; such texts are laid out each time.
        if (name === 'attachment' && value) return null;
        key += `\u0002${name}=${valueKey(value)}`;
      }
    }
    return `${key}\u0000${text.string}`;
  };

  return {
    counts,
    layOut(engine, text, container, options) {
      const key = container.exclusions?.length ? null : keyOf(text, container, options);
      if (key === null) {
        counts.passedBy++;
        return engine(text, container, options);
      }
      const found = kept.get(key);
      if (found) {
        // Most recently used last: a Map keeps insertion order.
        kept.delete(key);
        kept.set(key, found);
        counts.kept++;
        return found.paragraphs;
      }
      const paragraphs = engine(text, container, options);
      freezeLayout(paragraphs);
      const size = Math.max(1, text.string.length);
      kept.set(key, { paragraphs, characters: size });
      counts.characters += size;
      counts.laidOut++;
      for (const [oldKey, old] of kept) {
        if (counts.characters <= maxCharacters) break;
        kept.delete(oldKey);
        counts.characters -= old.characters;
      }
      return paragraphs;
    },
  };
}

/** Installs the cache for every drawing in this thread (once; a second call returns the first's). */
export function installTextLayoutCache(): TextLayoutCache {
  const global = globalThis as Record<symbol, unknown>;
  const installed = global[TEXT_ENGINE_HOOK] as (Wrapper & { cache?: TextLayoutCache }) | undefined;
  if (installed?.cache) return installed.cache;
  const cache = createTextLayoutCache();
  global[TEXT_ENGINE_HOOK] = Object.assign(cache.layOut, { cache });
  return cache;
}
