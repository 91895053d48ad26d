import type { AppDeps } from '../../app-deps';
import { letterPdfKey } from '../documents';
import type { RequestRow } from './recommendation-repository';

/** Letters are PDFs of at most this size (the office's read allows the same). */
const LETTER_PDF_MAX_BYTES = 256 * 1_048_576;

/**
 * An uploaded letter asked for several applications (letter-group.ts) is stored once per application: each
 * request's own copy in its own folder, so deleting one application (its folder goes with it) or moving it to
 * a past cycle leaves the others' letters whole. Returns each copy's key by request id.
 */
export async function copyLetterPdf(
  deps: Pick<AppDeps, 'storage'>,
  pdfKey: string,
  fileId: string,
  to: readonly RequestRow[],
): Promise<Map<string, string>> {
  const copies = new Map<string, string>();
  if (to.length === 0) return copies;
  const pdf = await deps.storage.read(pdfKey, LETTER_PDF_MAX_BYTES);
  if (!pdf) return copies;
  for (const request of to) {
    const key = letterPdfKey(request.id, fileId);
    await deps.storage.write(key, pdf, 'application/pdf');
    copies.set(request.id, key);
  }
  return copies;
}

/**
 * Copies no row came to name (the request was answered, replaced or deleted meanwhile). One that cannot be
 * removed now is only space in the request's folder, which goes with the request's application.
 */
export async function removeCopies(deps: Pick<AppDeps, 'storage'>, keys: Iterable<string>): Promise<void> {
  await Promise.all([...keys].map((key) => deps.storage.remove(key).catch(() => undefined)));
}
