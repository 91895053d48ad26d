import { randomInt } from 'node:crypto';
import PDFDocument from 'pdfkit';

/** pdfkit's document's own font state (not in pdfkit.d.ts), as far as reusing a font needs to know it. */
interface FontState {
  _font: { id: string };
  _fontSource: unknown;
  _fontFamily: unknown;
  fontSize(size: number | string): unknown;
}

type SetFont = (this: FontState, src: unknown, family?: unknown, size?: unknown) => FontState;

/** The embedded font each document got for each fontkit font, the first time it was set. */
const embedded = new WeakMap<object, WeakMap<object, FontState['_font']>>();

/** The embedded fonts given an id of their own (below). */
const named = new WeakSet<object>();

/**
 * pdfkit names a font's subset with a tag made from the font's id in its document ('F2' gives
 * 'CZZZZZ+NotoSans-Regular'), so two documents that set their fonts in the same order name two different
 * subsets alike. Merged into one file (the office's packet: the copy, separators, letters), a reader then
 * takes one for the other and loses letters (the copy's capital A went missing in the packet's text). Each
 * embedded font gets a random id of 'F' and six characters that pdfkit's rule (each character's code plus 17)
 * turns into capital letters: 19^6 tags, so two subsets of one font in one packet share a tag about once in
 * 47 million.
 */
const TAG_SOURCE = '0123456789ABCDEFGHI';
function nameApart(font: FontState['_font']): void {
  if (named.has(font)) return;
  named.add(font);
  font.id = `F${Array.from({ length: 6 }, () => TAG_SOURCE[randomInt(TAG_SOURCE.length)]).join('')}`;
}

const isFontkitFont = (src: unknown): src is object =>
  typeof src === 'object' && src !== null && typeof (src as { layout?: unknown }).layout === 'function';

/**
 * react-pdf sets the font of every run of text it writes by handing pdfkit the fontkit font itself
 * (`doc.font(font, size)`). pdfkit has no key to find such a font among the document's, so at every run it
 * wraps the font anew (an EmbeddedFont, which reads the font's tables), then finds the one it embedded
 * first under the same name and compares the two by writing both fonts' name tables out as JSON: a tenth
 * of drawing a copy (decision 058). The document now keeps the embedded font pdfkit chose for each fontkit
 * font the first time and sets it again directly: the same font pdfkit itself ends with, since it keeps
 * the first font of each name. Fonts given by name or file, and everything else pdfkit does, are as they
 * were. Installed on the drawing thread only, before its first drawing.
 */
export function installPdfkitFontReuse(): void {
  const proto = PDFDocument.prototype as unknown as { font: SetFont; fontReused?: true };
  if (proto.fontReused) return;
  const setFont = proto.font;
  proto.font = function reusedFont(src, family, size) {
    // A family name is pdfkit's own key for the font, and a quick one.
    if (!isFontkitFont(src) || (typeof family === 'string' && family !== ''))
      return setFont.call(this, src, family, size);
    let fonts = embedded.get(this);
    if (!fonts) embedded.set(this, (fonts = new WeakMap()));
    const kept = fonts.get(src);
    if (kept === undefined) {
      setFont.call(this, src, family, size);
      nameApart(this._font);
      fonts.set(src, this._font);
      return this;
    }
    // As pdfkit's own font(): a number in the place of the family is the size.
    if (typeof family === 'number') [size, family] = [family, null];
    this._fontSource = src;
    this._fontFamily = family;
    if (size !== null && size !== undefined) this.fontSize(size as number | string);
    this._font = kept;
    return this;
  };
  proto.fontReused = true;
}
