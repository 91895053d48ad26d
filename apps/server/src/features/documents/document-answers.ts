import type { DocumentAnswer } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/**
 * The profile's `document_answer`: one entry per question whose document is
 * converted (COMPLETED), with the name and size of the file the applicant chose.
 * The validator counts these as the answers of their file questions.
 */
/** The same, as one jsonb value, for statements that read the profile in one round trip (`$user` names the user id). */
export const documentAnswersSql = (user: string) => `COALESCE((
    SELECT jsonb_object_agg(d.answer_key, jsonb_build_object('file_name', d.file_name, 'file_size', d.file_size))
    FROM documents d WHERE d.user_id = ${user} AND d.status = 'COMPLETED'), '{}'::jsonb)`;

export async function loadDocumentAnswers(db: Queryable, userId: string): Promise<Record<string, DocumentAnswer>> {
  const { rows } = await db.query<{ answer_key: string; file_name: string; file_size: number }>(
    `SELECT answer_key, file_name, file_size FROM documents WHERE user_id = $1 AND status = 'COMPLETED' ORDER BY answer_key`,
    [userId],
  );
  return Object.fromEntries(
    rows.map((r) => [r.answer_key, { file_name: r.file_name, file_size: Number(r.file_size) }]),
  );
}
