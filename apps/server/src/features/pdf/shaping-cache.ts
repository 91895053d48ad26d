import { fontkitFontClass } from './fontkit-font-class';

/** What fontkit's `layout` returns, as far as the cache needs to know it. */
interface GlyphRun {
  glyphs: unknown[];
  positions: unknown[];
}

type Layout = (
  this: object,
  text: string,
  features?: unknown,
  script?: string,
  language?: string,
  direction?: string,
) => GlyphRun;

/**
 * Glyphs the cache holds at most, all fonts together (a glyph with its position is some 200 bytes): every
 * label and option of the form many times over, and the answers of the last copies drawn.
 */
export const SHAPING_CACHE_GLYPHS = 250_000;

/**
 * Remembers how fontkit shaped each run of text in each font (decision 057). Shaping (turning text into
 * positioned glyphs, with kerning and ligatures) was a third of drawing a copy, and nearly all of it is
 * the same every time: every copy has the form's labels and options, and an applicant's next copy has
 * the same answers but one. fontkit's `layout` is a pure function of the font, the text, the features,
 * script, language and direction, so its result can be kept; react-pdf offers no hook for it, so the
 * cache wraps the method on fontkit's font class, in the drawing thread only. The arrays it hands out
 * again are frozen: a later fontkit or react-pdf that changed them in place would fail the drawing
 * loudly (and the tests), never draw a copy with another copy's glyphs. Least recently used runs go first.
 */
export function installShapingCache(maxGlyphs = SHAPING_CACHE_GLYPHS): void {
  const fontClass = fontkitFontClass<{ layout: Layout; shapingCached?: true }>();
  if (fontClass.shapingCached) return;
  const layout = fontClass.layout;
  const runs = new Map<string, GlyphRun>();
  const fontIds = new WeakMap<object, number>();
  let nextFontId = 0;
  let glyphs = 0;
  fontClass.layout = function cachedLayout(text, features, script, language, direction) {
    let font = fontIds.get(this);
    if (font === undefined) fontIds.set(this, (font = nextFontId++));
    const key = `${font}\u0000${JSON.stringify(features ?? null)}\u0000${script}\u0000${language}\u0000${direction}\u0000${text}`;
    const kept = runs.get(key);
    if (kept) {
      // Most recently used last: a Map keeps insertion order.
      runs.delete(key);
      runs.set(key, kept);
      return kept;
    }
    const run = layout.call(this, text, features, script, language, direction);
    Object.freeze(run.glyphs);
    Object.freeze(run.positions);
    runs.set(key, run);
    glyphs += run.glyphs.length;
    for (const [oldKey, old] of runs) {
      if (glyphs <= maxGlyphs) break;
      runs.delete(oldKey);
      glyphs -= old.glyphs.length;
    }
    return run;
  };
  fontClass.shapingCached = true;
}
