import PDFDocument from 'pdfkit';
import { copyFontFile } from '../apps/server/src/features/pdf/copy-fonts';
import type { CopyHeader, CopyPage } from '../apps/server/src/features/pdf/copy-outline';
import { flattenCopy } from '../apps/server/src/features/pdf/copy-rows';

const REGULAR = copyFontFile('noto-sans', 'NotoSans', 400);
const BOLD = copyFontFile('noto-sans', 'NotoSans', 700);

/** The words of one row, as the copy prints them: a bold first line and the rest in the regular weight. */
function rowText(row: ReturnType<typeof flattenCopy>[number]): { bold: string; regular: string[] } {
  if (row.kind !== 'line') return { bold: row.title, regular: [] };
  const line = row.line;
  switch (line.kind) {
    case 'answer':
      return { bold: line.label, regular: [line.value || 'Not answered'] };
    case 'choices':
      return { bold: line.label, regular: line.options.map((o) => `${o.chosen ? '[X]' : '[ ]'} ${o.label}`) };
    case 'mark':
      return { bold: '', regular: [`${line.chosen ? '[X]' : '[ ]'} ${line.label}`] };
    case 'note':
      return { bold: line.title ?? '', regular: [line.text] };
    case 'group-title':
      return { bold: line.title, regular: [] };
  }
}

/**
 * The floor of drawing a copy (issue 31): pdfkit, the library react-pdf writes its PDFs with, writing the
 * same words in the same Noto Sans files on Letter pages, with pdfkit's own line breaking and page
 * breaking, and nothing else: no layout engine, no font fallback across scripts, no keep-together rules,
 * no "Page N of M". Any drawing of the copy with these fonts does at least this work (shaping each word
 * with fontkit, subsetting the fonts, writing the pages), so it is the bound the copy's own drawing is
 * measured against.
 */
export function drawFloor(header: CopyHeader, pages: readonly CopyPage[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margins: { top: 40, bottom: 56, left: 48, right: 48 } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  doc.font('bold').fontSize(18).text(header.partnerName);
  doc.font('regular').fontSize(13).text(header.applicationTitle);
  doc.fontSize(10).text(header.applicantName).text(header.email);
  for (const row of flattenCopy(pages)) {
    const { bold, regular } = rowText(row);
    doc.moveDown(0.4);
    if (bold) doc.font('bold').text(bold);
    for (const text of regular) doc.font('regular').text(text);
  }
  doc.end();
  return done;
}
