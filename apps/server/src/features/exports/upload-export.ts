import { parseExportDestination } from '@admissions/domain/schemas';
import type { Config } from '../../config';
import { uploadToS3 } from './s3-upload';
import { ExportUploadError, uploadBySftp } from './sftp-upload';

/** Writes a run's file to the export's destination (checked at boot: tenant-exports.ts). */
export async function uploadExport(
  config: Pick<Config, 'integrations' | 'storage'>,
  destination: string,
  fileName: string,
  bytes: Buffer,
): Promise<void> {
  const target = parseExportDestination(destination);
  if (typeof target === 'string') throw new ExportUploadError(`destination ${target}`);
  if (target.kind === 'sftp') await uploadBySftp(config.integrations, target, fileName, bytes);
  else await uploadToS3(config.storage, target, fileName, bytes);
}
