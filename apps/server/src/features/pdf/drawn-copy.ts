import { PDF_COPY_FAILED_MESSAGE } from '@admissions/domain';
import { AppError } from '../../http/app-error';
import type { DrawnCopy } from './applicant-copies';

/** The copy's bytes, or the copy's failure message as a 500: every download of a copy answers a failed drawing alike. */
export async function drawnCopy(copy: Promise<DrawnCopy | undefined>): Promise<DrawnCopy> {
  const drawn = await copy;
  if (!drawn) throw new AppError('INTERNAL', { message: PDF_COPY_FAILED_MESSAGE });
  return drawn;
}
