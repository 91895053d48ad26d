import {
  checkFileBasics,
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  fileExtension,
  kindOfExtension,
  sniffFileKind,
  SNIFF_BYTES,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { removeFiles, type Log } from './remove-files';

const rejected = (field: string, messages: string[]) =>
  new AppError('DOCUMENT_REJECTED', { message: messages[0], errors: { [field]: messages } });

/**
 * The checks an uploaded object passes before it is queued for conversion:
 * it is there, its size and name obey the file rules, and its first bytes are
 * what its extension says. A refused object is removed from storage at once.
 * `field` names the form field the refusal's message belongs to. Returns the size.
 */
export async function checkUploadedFile(
  deps: Pick<AppDeps, 'storage'>,
  fileKey: string,
  fileName: string,
  field: string,
  log: Log,
): Promise<number> {
  const size = await deps.storage.size(fileKey);
  if (size === null) throw rejected(field, [FILE_MESSAGES.notUploaded]);
  const refuse = async (messages: string[]) => {
    await removeFiles(deps.storage, [fileKey], log);
    return rejected(field, messages);
  };
  const basics = checkFileBasics({ name: fileName, size });
  if (basics.length) throw await refuse(basics);
  const bytes = await deps.storage.read(fileKey, FILE_MAX_BYTES);
  if (!bytes) throw await refuse([FILE_MESSAGES.tooLarge]);
  if (sniffFileKind(bytes.subarray(0, SNIFF_BYTES)) !== kindOfExtension(fileExtension(fileName))) {
    throw await refuse([FILE_MESSAGES.contentMismatch]);
  }
  return size;
}
