import { createRequire } from 'node:module';
import path from 'node:path';
import { openSync } from 'fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { copyFontFile } from './copy-fonts';
import { installPdfkitFontReuse } from './pdfkit-font-reuse';

/** The document's font state, as pdfkit keeps it. */
interface FontState {
  _font: { name: string };
  _fontSize: number;
  _fontCount: number;
}

const state = (doc: PDFDocument) => doc as unknown as FontState;

/** Sets fonts A, A, B, A as react-pdf does (the fontkit font and a size), writes a word in each, and reads what pdfkit did. */
async function setFontsAsReactPdf() {
  const regular = openSync(copyFontFile('noto-sans', 'NotoSans', 400));
  const bold = openSync(copyFontFile('noto-sans', 'NotoSans', 700));
  const doc = new PDFDocument();
  const bytes: Buffer[] = [];
  doc.on('data', (chunk) => bytes.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  const seen: { font: object; size: number; opened: number }[] = [];
  for (const [font, size] of [
    [regular, 10],
    [regular, 12],
    [bold, 10],
    [regular, 8],
  ] as const) {
    doc.font(font, size).text('Statement');
    seen.push({ font: state(doc)._font, size: state(doc)._fontSize, opened: state(doc)._fontCount });
  }
  doc.end();
  await ended;
  const pdf = Buffer.concat(bytes).toString('latin1');
  return {
    seen,
    embeddedFiles: pdf.match(/\/FontFile2/g)?.length ?? 0,
    fontObjects: pdf.match(/\/Type \/Font\b/g)?.length,
    // A font's name is in its Type0 dictionary and again in its descendant's: each subset once.
    subsets: [...new Set([...pdf.matchAll(/\/BaseFont \/([A-Z]{6}\+NotoSans-\w+)/g)].map((m) => m[1]!))].map(
      (name) => ({ tag: name.slice(0, 6), font: name.slice(7) }),
    ),
  };
}

describe("pdfkit's fonts set by react-pdf", () => {
  it('are wrapped once per document: the same font set again is the embedded one, at its new size', async () => {
    const plain = await setFontsAsReactPdf();
    installPdfkitFontReuse();
    const reused = await setFontsAsReactPdf();

    // The same fonts at the same sizes, embedded once each, as pdfkit chooses them itself.
    for (const { seen } of [plain, reused]) {
      expect(seen.map((s) => s.size)).toEqual([10, 12, 10, 8]);
      expect(seen[1]!.font).toBe(seen[0]!.font);
      expect(seen[3]!.font).toBe(seen[0]!.font);
      expect(seen[2]!.font).not.toBe(seen[0]!.font);
    }
    expect(reused.embeddedFiles).toBe(2);
    expect(reused.embeddedFiles).toBe(plain.embeddedFiles);
    expect(reused.fontObjects).toBe(plain.fontObjects);
    // pdfkit opened a font at each of the four calls; now only at the first of each font.
    expect(plain.seen.map((s) => s.opened)).toEqual([2, 3, 4, 5]);
    expect(reused.seen.map((s) => s.opened)).toEqual([2, 2, 3, 3]);
  });

  it('are subsets with tags of their own in each document, so a file that merges documents keeps them apart', async () => {
    installPdfkitFontReuse();
    const [one, two] = [await setFontsAsReactPdf(), await setFontsAsReactPdf()];
    // The same two fonts in each, as two subsets of Noto Sans each...
    expect(one.subsets.map((s) => s.font).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    expect(two.subsets.map((s) => s.font).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    // ...named apart: pdfkit alone names both documents' subsets alike when fonts are set in the same order.
    const tags = new Set([...one.subsets, ...two.subsets].map((s) => s.tag));
    expect(tags.size).toBe(4);
  });

  it('are set in the pdfkit that react-pdf writes with', () => {
    const packageOf = (from: string) => {
      const entry = createRequire(from).resolve('pdfkit');
      return entry.slice(0, entry.lastIndexOf(`${path.sep}pdfkit${path.sep}`) + '/pdfkit'.length);
    };
    const reactPdf = createRequire(import.meta.url).resolve('@react-pdf/renderer');
    expect(packageOf(reactPdf)).toBe(packageOf(import.meta.url));
  });
});
