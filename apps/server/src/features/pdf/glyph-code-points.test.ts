import { openSync } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { copyFontFile } from './copy-fonts';
import { installGlyphCodePointsFix } from './glyph-code-points';

interface Font {
  getGlyph(id: number): { codePoints: number[] };
  glyphForCodePoint(codePoint: number): { id: number; codePoints: number[] };
}

const font = () => openSync(copyFontFile('noto-sans', 'NotoSans', 400)) as unknown as Font;
const A = 'A'.codePointAt(0)!;

/** Asks for A's glyph by number first, as writing a subset with Á does, then for the letter A. */
function aAfterSubset() {
  const regular = font();
  const id = regular.glyphForCodePoint.call(font(), A).id;
  regular.getGlyph(id);
  return regular.glyphForCodePoint(A).codePoints;
}

describe("a glyph's characters", () => {
  it('are the ones it is asked for by character, even when it was first asked for by number', () => {
    // fontkit alone keeps the glyph as first made, with no characters.
    expect(aAfterSubset()).toEqual([]);
    installGlyphCodePointsFix();
    expect(aAfterSubset()).toEqual([A]);
    // The first characters still win: the glyph of A is not the glyph of another letter.
    const regular = font();
    expect(regular.glyphForCodePoint(A).codePoints).toEqual([A]);
  });
});
