import type { AppDeps } from '../../app-deps';
import { DAY } from '../../infra/time-units';
import { removeFiles, type Log } from './remove-files';

/** An upload form lives ten minutes; a file uploaded but never sent for conversion is abandoned after a day. */
export const ABANDONED_UPLOAD_MS = DAY;

/**
 * Housekeeping: removes uploads whose conversion was never asked for (the
 * browser closed between upload and conversion) and forgets upload forms
 * older than the quota's window. Documents themselves are never touched.
 */
export function purgeAbandonedUploads(deps: Pick<AppDeps, 'db' | 'clock' | 'storage'>, log: Log): Promise<number> {
  return purgeUploadForms(deps, 'document_uploads', log);
}

/**
 * Forgets the upload forms of a table (document_uploads, letter_uploads) older
 * than a day, removing the files of those never sent for conversion.
 */
export async function purgeUploadForms(
  deps: Pick<AppDeps, 'db' | 'clock' | 'storage'>,
  table: 'document_uploads' | 'letter_uploads',
  log: Log,
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - ABANDONED_UPLOAD_MS);
  const { rows } = await deps.db.query<{ upload_key: string; used_at: Date | null }>(
    `DELETE FROM ${table} WHERE created_at <= $1 RETURNING upload_key, used_at`,
    [cutoff],
  );
  const abandoned = rows.filter((r) => r.used_at === null).map((r) => r.upload_key);
  await removeFiles(deps.storage, abandoned, log);
  return abandoned.length;
}
