import { normalizeEmail } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { letterFolder, removeFiles, type Log } from '../documents';
import { forgetMailLog } from '../mail';

export interface DeleteAccountOptions {
  /** Refuse (409 APPLICATION_SUBMITTED) when the application is submitted: the applicant's own deletion. */
  refuseSubmitted?: boolean;
  /**
   * Re-checked in the transaction, with the account's row locked: the retention job deletes only while its rule
   * still holds (a login since the dry run keeps the account).
   */
  stillDue?: (tx: Queryable, userId: string) => Promise<boolean>;
}

export interface DeletedAccount {
  email: string;
  /** Stored objects removed (documents, uploads, letters). */
  files: number;
}

/** The folder of every document object of an applicant (documents/document-keys.ts). */
const documentsFolder = (userId: string) => `documents/${userId}/`;

/**
 * Deletes an account and everything of it: the users row (its application, answer history, documents, letter
 * requests, sessions, codes and logins go with it by their foreign keys), its mail log and trusted devices, and
 * after the commit every stored object: the files the rows named, then the account's folders, so an object no
 * row names any more (an upload never sent for conversion) goes too. Returns undefined when there was no such
 * account, or when `stillDue` said no.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  log: Log,
  options: DeleteAccountOptions = {},
): Promise<DeletedAccount | undefined> {
  const gone = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const user = rows[0];
    if (!user) return undefined;
    // The application's row is locked as submit locks it, so a submission and a deletion never interleave.
    const application = await tx.query<{ submitted_at: Date | null }>(
      'SELECT submitted_at FROM applications WHERE user_id = $1 FOR UPDATE',
      [userId],
    );
    if (options.refuseSubmitted && application.rows[0]?.submitted_at) throw new AppError('APPLICATION_SUBMITTED');
    if (options.stillDue && !(await options.stillDue(tx, userId))) return undefined;
    const files = await tx.query<{ key: string | null }>(
      `SELECT upload_key AS key FROM document_uploads WHERE user_id = $1
       UNION ALL SELECT upload_key FROM documents WHERE user_id = $1
       UNION ALL SELECT pdf_key FROM documents WHERE user_id = $1
       UNION ALL SELECT upload_key FROM recommendation_requests WHERE user_id = $1
       UNION ALL SELECT pdf_key FROM recommendation_requests WHERE user_id = $1
       UNION ALL SELECT l.upload_key FROM letter_uploads l JOIN recommendation_requests r ON r.id = l.request_id
                 WHERE r.user_id = $1`,
      [userId],
    );
    const requests = await tx.query<{ id: string }>('SELECT id FROM recommendation_requests WHERE user_id = $1', [
      userId,
    ]);
    await forgetMailLog(tx, user.email);
    await tx.query('DELETE FROM trusted_devices WHERE email = $1', [normalizeEmail(user.email)]);
    await tx.query('DELETE FROM users WHERE id = $1', [userId]);
    return {
      email: user.email,
      keys: files.rows.map((r) => r.key),
      folders: [documentsFolder(userId), ...requests.rows.map((r) => letterFolder(r.id))],
    };
  });
  if (!gone) return undefined;
  // The rows are gone: a file that cannot be removed now is only space, and is logged (removeFiles).
  await removeFiles(deps.storage, gone.keys, log);
  let files = new Set(gone.keys.filter(Boolean)).size;
  for (const folder of gone.folders) {
    files += await deps.storage.removeFolder(folder).catch((err: unknown) => {
      log.warn({ err, folder }, 'could not remove the folder of a deleted account');
      return 0;
    });
  }
  return { email: gone.email, files };
}
