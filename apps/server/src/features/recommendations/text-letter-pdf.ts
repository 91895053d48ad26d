import { PDFDocument, StandardFonts, type PDFFont } from '@cantoo/pdf-lib';
import { drawable, wrap } from '../pdf/standard-font-text';

const LETTER: [number, number] = [612, 792];
const MARGIN = 72;
const SIZE = 11;
const LEADING = 15;

/**
 * A letter written in the recommender's text box, as PDF pages for the
 * packet: a heading, then the text as typed, paragraph by paragraph.
 */
export async function textLetterPdf(letter: {
  title: string;
  from: string;
  receivedAt: Date | null;
  text: string;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = LETTER[0] - 2 * MARGIN;
  let page = doc.addPage(LETTER);
  let y = LETTER[1] - MARGIN;
  const line = (text: string, f: PDFFont = font) => {
    if (y < MARGIN) {
      page = doc.addPage(LETTER);
      y = LETTER[1] - MARGIN;
    }
    page.drawText(text, { x: MARGIN, y, size: SIZE, font: f });
    y -= LEADING;
  };
  for (const l of wrap(bold, drawable(bold, letter.title), SIZE, width)) line(l, bold);
  if (letter.receivedAt) line(`Received ${letter.receivedAt.toISOString().slice(0, 10)}`);
  y -= LEADING;
  for (const paragraph of letter.text.split('\n')) {
    const lines = wrap(font, drawable(font, paragraph), SIZE, width);
    // An empty line of the letter stays an empty line.
    for (const l of lines.length ? lines : ['']) line(l);
  }
  return doc.save();
}
