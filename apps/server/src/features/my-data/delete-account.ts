import { deletePastSubmittedMessage, normalizeEmail } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { pastOwnersOf } from '../cycles';
import { letterFolder, removeFiles, type Log } from '../documents';
import { forgetMailLog } from '../mail';

export interface DeleteAccountOptions {
  /**
   * The applicant's own deletion: refuse (409 APPLICATION_SUBMITTED) when the application is submitted, and
   * (409 PAST_APPLICATION_SUBMITTED, naming its cycles) when an earlier cycle's application is held by the
   * office. Without it (retention) an account with such a past application is kept: undefined.
   */
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
 * requests, sessions, codes and logins go with it by their foreign keys, and so do the owners of its past-cycle
 * applications with theirs: users.application_of, decision 052), its mail log and trusted devices, and after the
 * commit every stored object: the files the rows named, then the account's folders, so an object no row names any
 * more (an upload never sent for conversion) goes too. Never while the office holds one of those past
 * applications (issue 48): the cascade would take it, accepted offer and files included. Returns undefined when
 * there was no such account, when such a past application keeps it, or when `stillDue` said no.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  log: Log,
  options: DeleteAccountOptions = {},
): Promise<DeletedAccount | undefined> {
  const gone = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string; application_of: string | null }>(
      'SELECT email, application_of FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    const user = rows[0];
    if (!user) return undefined;
    // The application's row is locked as submit locks it, so a submission and a deletion never interleave.
    const application = await tx.query<{ submitted_at: Date | null }>(
      'SELECT submitted_at FROM applications WHERE user_id = $1 FOR UPDATE',
      [userId],
    );
    if (options.refuseSubmitted && application.rows[0]?.submitted_at) throw new AppError('APPLICATION_SUBMITTED');
    const past = await pastOwnersOf(tx, userId);
    const held = past.filter((p) => p.held);
    if (held.length) {
      if (!options.refuseSubmitted) return undefined;
      // Another application of this cycle was submitted (issue 42): the same refusal as the account's own.
      if (held.some((p) => p.in_open_cycle)) throw new AppError('APPLICATION_SUBMITTED');
      throw new AppError('PAST_APPLICATION_SUBMITTED', {
        message: deletePastSubmittedMessage(held.map((p) => p.cycle_id ?? 'earlier')),
      });
    }
    if (options.stillDue && !(await options.stillDue(tx, userId))) return undefined;
    // The past applications left go by the cascade: their files go with the account's (their documents stay in
    // the account's folder, their letters in folders of their own).
    const owners = [userId, ...past.map((p) => p.owner_id)];
    const files = await tx.query<{ key: string | null }>(
      `SELECT upload_key AS key FROM document_uploads WHERE user_id = ANY($1::uuid[])
       UNION ALL SELECT upload_key FROM documents WHERE user_id = ANY($1::uuid[])
       UNION ALL SELECT pdf_key FROM documents WHERE user_id = ANY($1::uuid[])
       UNION ALL SELECT upload_key FROM recommendation_requests WHERE user_id = ANY($1::uuid[])
       UNION ALL SELECT pdf_key FROM recommendation_requests WHERE user_id = ANY($1::uuid[])
       UNION ALL SELECT l.upload_key FROM letter_uploads l JOIN recommendation_requests r ON r.id = l.request_id
                 WHERE r.user_id = ANY($1::uuid[])`,
      [owners],
    );
    const requests = await tx.query<{ id: string }>(
      'SELECT id FROM recommendation_requests WHERE user_id = ANY($1::uuid[])',
      [owners],
    );
    // A past application's owner (retention deletes one under its own rule) shares the address of its account,
    // which keeps its mail log and devices.
    if (!user.application_of) {
      await forgetMailLog(tx, user.email);
      await tx.query('DELETE FROM trusted_devices WHERE email = $1', [normalizeEmail(user.email)]);
    }
    await tx.query('DELETE FROM users WHERE id = $1', [userId]);
    return {
      email: user.email,
      keys: files.rows.map((r) => r.key),
      folders: [...owners.map(documentsFolder), ...requests.rows.map((r) => letterFolder(r.id))],
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
