import type { RepeatChange } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import type { Storage } from '../../infra/storage/storage';
import { deleteDocumentRows } from './delete-document';
import { lockDocuments } from './documents-repository';
import { removeFiles, type Log } from './remove-files';

/**
 * Documents follow their school block when blocks are removed or the count is
 * lowered: `inTransaction` re-keys and deletes rows in the transaction that
 * moves the answers; `afterCommit` then removes the files of deleted documents
 * (a file is never removed while a rolled-back row could still name it).
 */
export function documentShift() {
  const filesToRemove: string[] = [];
  return {
    async inTransaction(tx: Queryable, userId: string, change: RepeatChange): Promise<void> {
      const sources = new Set(change.documentMoves.map((m) => m.from));
      const involved = [
        ...new Set([...change.documentMoves.flatMap((m) => [m.from, m.to]), ...change.documentsCleared]),
      ];
      const docs = await lockDocuments(tx, userId, involved);
      // A document sitting where another moves to, or where nothing will be, goes first; the rest move up in order.
      const overwritten = new Set(
        [...change.documentMoves.map((m) => m.to), ...change.documentsCleared].filter((k) => !sources.has(k)),
      );
      filesToRemove.push(
        ...(await deleteDocumentRows(
          tx,
          docs.filter((d) => overwritten.has(d.answer_key)),
        )),
      );
      for (const { from, to } of change.documentMoves) {
        await tx.query('UPDATE documents SET answer_key = $3 WHERE user_id = $1 AND answer_key = $2', [
          userId,
          from,
          to,
        ]);
      }
      // Whatever is still under a cleared key (not moved away) goes too.
      const left = await lockDocuments(
        tx,
        userId,
        change.documentsCleared.filter((k) => !change.documentMoves.some((m) => m.to === k)),
      );
      filesToRemove.push(...(await deleteDocumentRows(tx, left)));
    },
    afterCommit: (storage: Storage, log: Log) => removeFiles(storage, filesToRemove.splice(0), log),
  };
}
