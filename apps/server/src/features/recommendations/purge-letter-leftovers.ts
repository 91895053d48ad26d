import type { AppDeps } from '../../app-deps';
import { DAY } from '../../infra/time-units';
import { type Log, purgeUploadForms } from '../documents';

/**
 * Housekeeping for the letters: uploads a recommender never handed over (the
 * page closed between upload and sending) are removed after a day, as an
 * applicant's are; the links of requests that can no longer take a letter are
 * forgotten; and the log behind the mail limits keeps only the day it counts.
 * Letters, requests and their status are never touched.
 */
export async function purgeLetterLeftovers(deps: Pick<AppDeps, 'db' | 'clock' | 'storage'>, log: Log) {
  const now = deps.clock.now();
  const abandoned = await purgeUploadForms(deps, 'letter_uploads', log);
  const links = await deps.db.query(
    `DELETE FROM recommendation_links l USING recommendation_requests r
     WHERE l.request_id = r.id AND (r.status <> 'REQUESTED' OR NOT r.current OR r.expires_at <= $1)
       AND coalesce(r.responded_at, r.updated_at) <= $2`,
    [now, new Date(now.getTime() - DAY)],
  );
  const mailLog = await deps.db.query('DELETE FROM recommendation_mail_log WHERE sent_at <= $1', [
    new Date(now.getTime() - 2 * DAY),
  ]);
  return { abandonedLetterUploads: abandoned, deadLetterLinks: links.rowCount, letterMailLog: mailLog.rowCount };
}
