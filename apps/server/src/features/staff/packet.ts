import { PDFDocument } from '@cantoo/pdf-lib';
import type { Separator } from '../pdf';
import type { ConvertedDocument } from './converted-documents';

/** One part of the packet behind its separator: a document (its question's label), or a letter. */
export type PacketPart = Pick<ConvertedDocument, 'label' | 'fileName' | 'readPdf'> & {
  /** The separator's small line above the label. */
  kicker?: string;
};

/** Draws the separator pages as one PDF, a page each, in order (the PDF thread draws them in the copy's fonts). */
export type DrawSeparators = (separators: readonly Separator[]) => Promise<Uint8Array>;

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
  parts: readonly PacketPart[],
  drawSeparators: DrawSeparators,
): Promise<Uint8Array> {
  const packet = await PDFDocument.load(copy);
  const sources: (PDFDocument | undefined)[] = [];
  for (const part of parts) {
    sources.push(
      await part
        .readPdf()
        .then((bytes) => PDFDocument.load(bytes, { ignoreEncryption: true }))
        // Unreadable bytes or a storage failure: the reader still sees which document is missing.
        .catch(() => undefined),
    );
  }
  if (parts.length === 0) return packet.save();
  const separators = await PDFDocument.load(
    await drawSeparators(
      parts.map((part, i) => ({
        kicker: part.kicker ?? 'Document for the question',
        label: part.label,
        fileName: part.fileName,
        note: sources[i] ? '' : NOT_INCLUDED,
      })),
    ),
  );
  // One copy of the separators: the pages share their fonts in the packet.
  const separatorPages = await packet.copyPages(separators, separators.getPageIndices());
  for (const [i, source] of sources.entries()) {
    packet.addPage(separatorPages[i]!);
    if (!source) continue;
    for (const page of await packet.copyPages(source, source.getPageIndices())) packet.addPage(page);
  }
  return packet.save();
}
