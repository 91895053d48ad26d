import type { DocumentAnswer } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/**
 * The profile's `document_answer`: one entry per question whose document is
 * converted (COMPLETED), with the name and size of the file the applicant chose.
 * The validator counts these as the answers of their file questions.
 */
export async function loadDocumentAnswers(db: Queryable, userId: string): Promise<Record<string, DocumentAnswer>> {
  const { rows } = await db.query<{ answer_key: string; file_name: string; file_size: number }>(
    `SELECT answer_key, file_name, file_size FROM documents WHERE user_id = $1 AND status = 'COMPLETED' ORDER BY answer_key`,
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [r.answer_key, { file_name: r.file_name, file_size: Number(r.file_size) }]));
}
