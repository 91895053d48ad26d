import { fontkitFontClass } from './fontkit-font-class';

interface FontFacts {
  hasGlyphForCodePoint(codePoint: number): boolean;
  readonly unitsPerEm: number;
  factsCached?: true;
}

/**
 * Keeps two answers of fontkit that never change for a font and that react-pdf asks for every character
 * of every copy, when it picks the font that has the character's script (copy-fonts.ts lists them):
 * whether the font has a glyph for a code point (fontkit looks it up in the font's character map, decoded
 * again each time) and its units per em (read from its header table each time). A fifteenth of drawing a
 * copy (decision 058). Per font, in the drawing thread only; a font's characters are a few thousand at
 * most, so nothing needs forgetting.
 */
export function installFontFactsCache(): void {
  const fontClass = fontkitFontClass<FontFacts>();
  if (fontClass.factsCached) return;
  const hasGlyph = fontClass.hasGlyphForCodePoint;
  const covered = new WeakMap<object, Map<number, boolean>>();
  fontClass.hasGlyphForCodePoint = function cachedHasGlyph(codePoint) {
    let known = covered.get(this);
    if (!known) covered.set(this, (known = new Map()));
    let has = known.get(codePoint);
    if (has === undefined) known.set(codePoint, (has = hasGlyph.call(this, codePoint)));
    return has;
  };
  const unitsPerEm = Object.getOwnPropertyDescriptor(fontClass, 'unitsPerEm');
  if (unitsPerEm?.get) {
    const read = unitsPerEm.get;
    Object.defineProperty(fontClass, 'unitsPerEm', {
      configurable: true,
      get(this: object) {
        const value = read.call(this) as number;
        // An own property of this font from now on: later reads skip the getter.
        Object.defineProperty(this, 'unitsPerEm', { value });
        return value;
      },
    });
  }
  fontClass.factsCached = true;
}
