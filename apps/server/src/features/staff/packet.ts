import { PDFDocument } from '@cantoo/pdf-lib';
import type { Separator } from '../pdf/separator-pdf';
import type { ConvertedDocument } from './converted-documents';

/** One part of the packet behind its separator: a document (its question's label), or a letter. */
export type PacketPart = Pick<ConvertedDocument, 'label' | 'fileName' | 'readPdf'> & {
  /** The separator's small line above the label. */
  kicker?: string;
};

/** Draws one separator page as a PDF (the PDF thread draws it in the copy's fonts). */
export type DrawSeparator = (separator: Separator) => Promise<Uint8Array>;

const NOT_INCLUDED = 'This document could not be included; open it from the console.';

/**
 * The reader's packet, as Slate downloads one: the application's PDF copy,
 * then each converted document behind a separator page that names its
 * question, then each letter of recommendation behind one naming its writer.
 * A document that cannot be read as a PDF keeps its separator, which says so,
 * rather than failing the whole packet.
 */
export async function composePacket(
  copy: Uint8Array,
  documents: readonly PacketPart[],
  drawSeparator: DrawSeparator,
): Promise<Uint8Array> {
  const packet = await PDFDocument.load(copy);
  const addPages = async (bytes: Uint8Array) => {
    const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
    for (const page of await packet.copyPages(source, source.getPageIndices())) packet.addPage(page);
  };
  for (const document of documents) {
    const separator = {
      kicker: document.kicker ?? 'Document for the question',
      label: document.label,
      fileName: document.fileName,
    };
    let source: PDFDocument;
    try {
      source = await PDFDocument.load(await document.readPdf(), { ignoreEncryption: true });
    } catch {
      // Unreadable bytes or a storage failure: the reader still sees which document is missing.
      await addPages(await drawSeparator({ ...separator, note: NOT_INCLUDED }));
      continue;
    }
    await addPages(await drawSeparator({ ...separator, note: '' }));
    for (const page of await packet.copyPages(source, source.getPageIndices())) packet.addPage(page);
  }
  return packet.save();
}
