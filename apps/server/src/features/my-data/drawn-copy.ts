import { PDF_COPY_FAILED_MESSAGE } from '@admissions/domain';
import { AppError } from '../../http/app-error';
import type { DrawnCopy } from '../pdf';

/** The copy's bytes for the ZIP; a copy that could not be drawn fails the download before its first byte. */
export async function drawnCopy(copy: Promise<DrawnCopy | undefined>): Promise<Uint8Array> {
  const drawn = await copy;
  if (!drawn) throw new AppError('INTERNAL', { message: PDF_COPY_FAILED_MESSAGE });
  return drawn.pdf;
}
