import { fontkitFontClass } from './fontkit-font-class';

interface Glyph {
  codePoints: number[];
}

interface GlyphSource {
  getGlyph(id: number, characters?: number[]): Glyph | null;
  glyphCodePointsKept?: true;
}

/**
 * fontkit makes each glyph object of a font once and keeps it, with the characters it was first asked for.
 * Writing a PDF's font subset asks for glyphs by number alone: for an accented capital drawn from parts
 * (Á is A and an acute), the parts too, with no characters. If the thread had not set that base letter yet,
 * its glyph is then kept with none, and every later document drawn on the thread writes the letter with no
 * text behind it: the capital A's of a copy drawn after an applicant named Ángel were missing from its
 * text (search, copying, screen readers), though drawn on the page. A glyph kept with no characters takes
 * the ones it is next asked for. The first characters still win otherwise, as fontkit has it. Installed on
 * the drawing thread, before its first drawing.
 */
export function installGlyphCodePointsFix(): void {
  const fontClass = fontkitFontClass<GlyphSource>();
  if (fontClass.glyphCodePointsKept) return;
  const getGlyph = fontClass.getGlyph;
  fontClass.getGlyph = function glyphWithCodePoints(id, characters = []) {
    const glyph = getGlyph.call(this, id, characters);
    if (glyph && glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints = characters;
    return glyph;
  };
  fontClass.glyphCodePointsKept = true;
}
