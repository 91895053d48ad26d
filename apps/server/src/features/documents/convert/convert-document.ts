import type { FileKind } from '@admissions/domain';
import type { ConverterThread } from './converter-thread';
import { convertDocxWithSoffice, type SofficeOptions } from './soffice';

/**
 * One upload to one PDF, by what its content is (already sniffed): images are
 * re-encoded onto a page, PDFs copied page by page without anything active,
 * Word documents inspected and then converted by a sandboxed LibreOffice.
 * Throws ConversionRefused for a file the applicant must change.
 */
export async function convertDocument(
  kind: FileKind,
  bytes: Uint8Array,
  thread: ConverterThread,
  soffice: SofficeOptions,
): Promise<Uint8Array> {
  if (kind === 'docx') {
    await thread.run('inspect-docx', bytes);
    return convertDocxWithSoffice(bytes, soffice);
  }
  const pdf = await thread.run(kind === 'pdf' ? 'sanitize-pdf' : 'image-to-pdf', bytes);
  if (!pdf) throw new Error('the conversion thread returned no PDF');
  return pdf;
}
