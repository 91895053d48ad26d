import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { recordChecklistChange } from '../../core/checklist-history';
import { type ConversionSubject, type ConversionTarget, type Log, letterFolder, letterPdfKey } from '../documents';
import { copyLetterPdf, removeCopies } from './letter-copies';
import { othersAnswered } from './letter-group';
import { queueLetterReceipt } from './letter-mail-jobs';
import { FILE_ON_ITS_WAY, findRequest, WAIVER_NOW } from './recommendation-repository';

/** The conversion queue's target name for recommenders' letters. */
export const LETTER_TARGET = 'letter';

interface LetterSubject extends ConversionSubject {
  request_id: string;
}

// A request still waiting takes its letter, even if the applicant replaced the recommender meanwhile
// (retireCurrent leaves such a request REQUESTED): the letter was written, and the office keeps it.
const TAKES_LETTER = `status = 'REQUESTED'`;

async function find(db: Queryable, fileId: string): Promise<LetterSubject | undefined> {
  const { rows } = await db.query<LetterSubject>(
    `SELECT file_id AS id, id AS request_id, upload_key, file_name, file_status AS status, pdf_key
     FROM recommendation_requests WHERE file_id = $1`,
    [fileId],
  );
  return rows[0];
}

/**
 * An uploaded letter converts like an applicant's document; its successful
 * conversion is the letter's arrival: the request is RECEIVED in the same
 * statement, and the recommender's receipt follows.
 */
export function letterConversionTarget(
  deps: Pick<AppDeps, 'jobs' | 'db' | 'storage'>,
): ConversionTarget<LetterSubject> {
  return {
    find,
    pdfKey: (s) => letterPdfKey(s.request_id, s.id),
    // The request went with its applicant's account while the letter converted: its folder goes too.
    async folderOfGoneOwner(db, s) {
      const { rows } = await db.query('SELECT 1 FROM recommendation_requests WHERE id = $1', [s.request_id]);
      return rows.length === 0 ? letterFolder(s.request_id) : null;
    },
    async markInProgress(db, id, now) {
      const { rowCount } = await db.query(
        `UPDATE recommendation_requests SET file_status = 'IN_PROGRESS', updated_at = $2
         WHERE file_id = $1 AND ${FILE_ON_ITS_WAY} AND ${TAKES_LETTER}`,
        [id, now],
      );
      return rowCount === 1;
    },
    async markCompleted(db, id, pdfKey, pdfSize, now) {
      // Asked for several applications (letter-group.ts), the letter arrives on each request still waiting,
      // each with its own copy, written before any row names it.
      const subject = await find(db, id);
      const carrier = subject && (await findRequest(db, subject.request_id));
      const others = carrier ? await othersAnswered(db, carrier, now) : [];
      const copies = await copyLetterPdf(deps, pdfKey, id, others);
      const unused = new Set(copies.values());
      const done = await deps.db.transaction(async (tx) => {
        const { rows: received } = await tx.query<{ user_id: string; prefix: string }>(
          `UPDATE recommendation_requests
           SET file_status = 'COMPLETED', pdf_key = $3, pdf_size = $4, file_message = '',
               status = 'RECEIVED', responded_at = $2, updated_at = $2, waived_at_receipt = ${WAIVER_NOW}
           WHERE file_id = $1 AND ${FILE_ON_ITS_WAY} AND ${TAKES_LETTER} RETURNING user_id, prefix`,
          [id, now, pdfKey, pdfSize],
        );
        if (received.length !== 1) return false;
        for (const [requestId, key] of copies) {
          const taken = await tx.query<{ user_id: string; prefix: string }>(
            `UPDATE recommendation_requests
             SET file_status = 'COMPLETED', file_name = $3, pdf_key = $4, pdf_size = $5, file_message = '',
                 status = 'RECEIVED', responded_at = $2, updated_at = $2, waived_at_receipt = ${WAIVER_NOW}
             WHERE id = $1 AND status = 'REQUESTED' AND current AND expires_at > $2 AND NOT ${FILE_ON_ITS_WAY}
             RETURNING user_id, prefix`,
            [requestId, now, subject?.file_name ?? '', key, pdfSize],
          );
          if (taken.rows.length === 1) unused.delete(key);
          received.push(...taken.rows);
        }
        // A letter received changes its application's checklist: the console's index recounts it (issue 49).
        for (const r of received) await recordChecklistChange(tx, r.user_id, { letter_received: r.prefix }, now);
        return true;
      });
      await removeCopies(deps, done ? unused : copies.values());
      return done;
    },
    async markFailed(db, id, message, now) {
      const { rowCount } = await db.query(
        `UPDATE recommendation_requests
         SET file_status = 'FAILED', file_message = $3, pdf_key = NULL, pdf_size = NULL, updated_at = $2,
             -- A replaced recommender's request ends with its failed file: there is no link left to try again.
             status = CASE WHEN current THEN status ELSE 'CANCELLED' END
         WHERE file_id = $1 AND ${FILE_ON_ITS_WAY}`,
        [id, now, message],
      );
      return rowCount === 1;
    },
    async afterCompleted(subject, log: Log) {
      await queueLetterReceipt(deps, subject.request_id).catch((err: unknown) =>
        log.error({ err }, 'a letter receipt could not be queued'),
      );
    },
  };
}
