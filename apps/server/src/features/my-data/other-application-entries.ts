import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { decisionsForMyData } from '../decisions';
import { listConvertedDocuments } from '../documents';
import { messagesForMyData } from '../messages';
import { drawnCopy } from '../pdf';
import type { MyDataDrawing } from './my-data-drawing';
import type { ZipEntry } from './zip-stream';
import { iso, json } from './entry-values';

/**
 * The account's further applications of the open cycle (issue 42), each in a folder of its own named by its
 * program: its answers, released decisions and withdrawal, its PDF copy, its documents and its decision letter.
 * The account's own application stays at the top of the ZIP, as before.
 */
export async function otherApplicationEntries(
  deps: AppDeps,
  drawing: MyDataDrawing,
  account: { userId: string; username: string },
  log: FastifyBaseLogger,
): Promise<ZipEntry[]> {
  const { rows } = await deps.db.query<{
    owner_id: string;
    answers: Record<string, string>;
    submitted_at: Date | null;
    updated_at: Date;
  }>(
    `SELECT u.id AS owner_id, a.answers, a.submitted_at, a.updated_at
     FROM users u JOIN applications a ON a.user_id = u.id
     WHERE u.application_of = $1 AND coalesce(a.cycle_id = $2, true) ORDER BY u.created_at, u.id`,
    [account.userId, deps.config.tenant.cycle.id],
  );
  const entries: ZipEntry[] = [];
  for (const [i, app] of rows.entries()) {
    const owner = { userId: app.owner_id, username: account.username };
    // A program code is the tenant's (capitals and digits), but a file name must never climb out of its folder.
    const name = (app.answers.applied_major ?? '').replace(/[^\w-]/g, '_') || `application-${i + 2}`;
    const folder = `other-applications/${name}`;
    const [documents, decided, copy, messages] = await Promise.all([
      listConvertedDocuments(deps, app.owner_id),
      decisionsForMyData(deps, drawing.renderer, app.owner_id),
      drawnCopy(drawing.copies.file(owner, log, { patient: true })).then((c) => c.pdf),
      messagesForMyData(deps, app.owner_id),
    ]);
    const answers = {
      program: app.answers.applied_major ?? null,
      submitted_at: iso(app.submitted_at),
      last_changed_at: iso(app.updated_at),
      answers: app.answers,
      documents: documents.map((d) => ({ answer_key: d.answerKey, uploaded_file_name: d.fileName })),
      decisions: decided.decisions,
      withdrawal: decided.withdrawal,
      messages,
    };
    entries.push(
      { name: `${folder}/answers.json`, deflate: true, read: async () => json(answers) },
      { name: `${folder}/application-copy.pdf`, deflate: false, read: async () => copy },
      ...(decided.letter ? [{ ...decided.letter, name: `${folder}/${decided.letter.name}`, deflate: false }] : []),
      ...documents.map((d) => ({
        name: `${folder}/documents/${d.answerKey}.pdf`,
        deflate: false,
        read: () => d.readPdf(),
      })),
    );
  }
  return entries;
}
