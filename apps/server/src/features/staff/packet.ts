import { PDFDocument, StandardFonts, rgb, type PDFFont } from '@cantoo/pdf-lib';
import { drawable, wrap } from '../pdf/standard-font-text';
import type { ConvertedDocument } from './converted-documents';

const LETTER: [number, number] = [612, 792];

/** One part of the packet behind its separator: a document (its question's label), or a letter. */
export type PacketPart = Pick<ConvertedDocument, 'label' | 'fileName' | 'readPdf'> & {
  /** The separator's small line above the label. */
  kicker?: string;
};

function addSeparator(packet: PDFDocument, font: PDFFont, bold: PDFFont, document: PacketPart, note?: string) {
  const page = packet.addPage(LETTER);
  const [width, height] = LETTER;
  let y = height - 144;
  page.drawText(document.kicker ?? 'Document for the question', {
    x: 72,
    y,
    size: 12,
    font,
    color: rgb(0.3, 0.3, 0.3),
  });
  y -= 30;
  for (const line of wrap(bold, drawable(bold, document.label), 20, width - 144)) {
    page.drawText(line, { x: 72, y, size: 20, font: bold });
    y -= 26;
  }
  y -= 10;
  page.drawText(drawable(font, `File: ${document.fileName}`), { x: 72, y, size: 12, font });
  if (note) page.drawText(drawable(font, note), { x: 72, y: y - 24, size: 12, font, color: rgb(0.6, 0, 0) });
}

/**
 * The reader's packet, as Slate downloads one: the application's PDF copy,
 * then each converted document behind a separator page that names its
 * question, then each letter of recommendation behind one naming its writer. A document that cannot be read as a PDF keeps its separator,
 * which says so, rather than failing the whole packet.
 */
export async function composePacket(copy: Uint8Array, documents: readonly PacketPart[]): Promise<Uint8Array> {
  const packet = await PDFDocument.load(copy);
  const font = await packet.embedFont(StandardFonts.Helvetica);
  const bold = await packet.embedFont(StandardFonts.HelveticaBold);
  for (const document of documents) {
    let source: PDFDocument;
    try {
      source = await PDFDocument.load(await document.readPdf(), { ignoreEncryption: true });
    } catch {
      // Unreadable bytes or a storage failure: the reader still sees which document is missing.
      addSeparator(packet, font, bold, document, 'This document could not be included; open it from the console.');
      continue;
    }
    addSeparator(packet, font, bold, document);
    const pages = await packet.copyPages(source, source.getPageIndices());
    for (const p of pages) packet.addPage(p);
  }
  return packet.save();
}
