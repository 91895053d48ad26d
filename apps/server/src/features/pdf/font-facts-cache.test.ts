import { openSync } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { copyFontFile } from './copy-fonts';
import { installFontFactsCache } from './font-facts-cache';

interface Font {
  hasGlyphForCodePoint(codePoint: number): boolean;
  unitsPerEm: number;
  _cmapProcessor: { lookup(codePoint: number): number };
}

const latin = () => openSync(copyFontFile('noto-sans', 'NotoSans', 400)) as unknown as Font;
const han = () => openSync(copyFontFile('noto-sans-sc', 'NotoSansSC', 400)) as unknown as Font;
const codePoints = ['A', 'ł', 'α', 'ж', '李', 'さ', '김', 'م'].map((c) => c.codePointAt(0)!);

describe('the font facts cache', () => {
  it('answers as fontkit does, looking a code point up in a font once, and reads units per em once', () => {
    const plain = [latin(), han()].map((font) => ({
      glyphs: codePoints.map((c) => font.hasGlyphForCodePoint(c)),
      unitsPerEm: font.unitsPerEm,
    }));
    // What the check reads: each font has some of the characters, not all.
    expect(plain[0]!.glyphs).toEqual([true, true, true, true, false, false, false, false]);
    expect(plain[1]!.glyphs.slice(4, 6)).toEqual([true, true]);

    installFontFactsCache();
    const fonts = [latin(), han()];
    expect(
      fonts.map((font) => ({
        glyphs: codePoints.map((c) => font.hasGlyphForCodePoint(c)),
        unitsPerEm: font.unitsPerEm,
      })),
    ).toEqual(plain);

    // Asked again, the font's character map is not consulted.
    const font = fonts[0]!;
    font._cmapProcessor.lookup = () => {
      throw new Error('looked up again');
    };
    expect(codePoints.map((c) => font.hasGlyphForCodePoint(c)).slice(0, 5)).toEqual([true, true, true, true, false]);
    expect(Object.getOwnPropertyDescriptor(font, 'unitsPerEm')?.value).toBe(plain[0]!.unitsPerEm);
  });
});
