import { isDocumentWaiting } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import type { FormContext } from '../../core/form-context';
import { deleteDocumentRows } from './delete-document';
import { lockDocuments } from './documents-repository';
import { fileQuestions } from './file-questions';
import { removeFiles, type Log } from './remove-files';

/**
 * SPEC section 4, Tabs: switching a tab deletes the converted files of the
 * panes left, and is refused (CONVERSION_IN_PROGRESS, the 'File Upload in
 * Progress' dialog) while one of their documents is still converting.
 * `inTransaction` runs inside the switch's transaction; files go after commit.
 */
export function releaseDocumentsOfPanes(
  deps: AppDeps,
  ctx: FormContext,
  userId: string,
  clearedKeys: readonly string[],
) {
  const files = fileQuestions(ctx.form);
  const keys = clearedKeys.filter((k) => files.has(k));
  let toRemove: string[] = [];
  return {
    async inTransaction(tx: Queryable) {
      const docs = await lockDocuments(tx, userId, keys);
      if (docs.some((d) => isDocumentWaiting(d.status))) throw new AppError('CONVERSION_IN_PROGRESS');
      toRemove = await deleteDocumentRows(tx, docs);
    },
    async afterCommit(log: Log) {
      await removeFiles(deps.storage, toRemove, log);
    },
  };
}
