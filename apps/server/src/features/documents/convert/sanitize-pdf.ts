import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from '@cantoo/pdf-lib';
import { FILE_MESSAGES } from '@admissions/domain';
import { ConversionRefused } from './conversion-refused';

export const PDF_SCRIPTS_MESSAGE = FILE_MESSAGES.pdfScripts;

const ACTIVE_KEYS = ['JS', 'JavaScript', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA'].map((k) =>
  PDFName.of(k),
);
const JS = PDFName.of('JavaScript');
const S = PDFName.of('S');

/** Whether any object of the document is a script (a /JavaScript action or a /JS entry). */
function containsScript(doc: PDFDocument): boolean {
  const isScriptDict = (dict: PDFDict) => dict.get(S) === JS || dict.has(PDFName.of('JS')) || dict.has(JS);
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFRawStream ? object.dict : undefined;
    if (dict && (isScriptDict(dict) || nestedScript(dict, isScriptDict, 0))) return true;
  }
  return false;
}

function nestedScript(value: PDFObject, test: (d: PDFDict) => boolean, depth: number): boolean {
  if (depth > 8) return false;
  if (value instanceof PDFDict) {
    if (test(value)) return true;
    for (const [, v] of value.entries()) if (!(v instanceof PDFRef) && nestedScript(v, test, depth + 1)) return true;
  }
  if (value instanceof PDFArray) {
    for (const v of value.asArray()) if (!(v instanceof PDFRef) && nestedScript(v, test, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses broken, encrypted and scripted PDFs, then copies the pages into a new
 * document: the catalog (open actions, names, embedded files, forms, XFA) stays
 * behind, and each page loses its annotations (links, widgets, attachments) and
 * its additional actions. What is stored is only what the pages draw.
 */
export async function sanitizePdf(bytes: Uint8Array): Promise<Uint8Array> {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (err) {
    const e = err as Error;
    if (/encrypt/i.test(e.name + e.message)) throw new ConversionRefused(FILE_MESSAGES.pdfEncrypted, e.message);
    throw new ConversionRefused(FILE_MESSAGES.pdfUnreadable, e.message);
  }
  if (source.isEncrypted) throw new ConversionRefused(FILE_MESSAGES.pdfEncrypted);
  try {
    if (source.getPageCount() === 0) throw new ConversionRefused(FILE_MESSAGES.pdfUnreadable, 'no pages');
    if (containsScript(source)) throw new ConversionRefused(FILE_MESSAGES.pdfScripts);
  } catch (err) {
    if (err instanceof ConversionRefused) throw err;
    throw new ConversionRefused(FILE_MESSAGES.pdfUnreadable, (err as Error).message);
  }

  const copy = await PDFDocument.create({ updateMetadata: false });
  let pages;
  try {
    pages = await copy.copyPages(source, source.getPageIndices());
  } catch (err) {
    throw new ConversionRefused(FILE_MESSAGES.pdfUnreadable, (err as Error).message);
  }
  for (const page of pages) {
    for (const key of ['Annots', 'AA', 'B', 'PieceInfo', 'Metadata']) page.node.delete(PDFName.of(key));
    copy.addPage(page);
  }
  // Nothing active may remain anywhere in the copy (e.g. inside resources the pages carried along).
  for (const [, object] of copy.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFRawStream ? object.dict : undefined;
    if (dict) for (const key of ACTIVE_KEYS) dict.delete(key);
  }
  return copy.save({ useObjectStreams: true });
}
