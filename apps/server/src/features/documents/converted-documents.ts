import type { AppDeps } from '../../app-deps';
import { listDocuments } from './documents-repository';

export interface ConvertedDocument {
  answerKey: string;
  /** The name of the file the applicant uploaded (not of the PDF). */
  fileName: string;
  fileSize: number;
  /** The converted, sanitised PDF. */
  readPdf(): Promise<Uint8Array>;
}

/**
 * The applicant's converted documents, one per file question whose document is
 * COMPLETED: what the staff console reads (staff/converted-documents.ts).
 */
export async function listConvertedDocuments(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
): Promise<ConvertedDocument[]> {
  const docs = await listDocuments(deps.db, userId);
  return docs
    .filter((d) => d.status === 'COMPLETED' && d.pdf_key)
    .map((d) => ({
      answerKey: d.answer_key,
      fileName: d.file_name,
      fileSize: Number(d.file_size),
      async readPdf() {
        const pdf = await deps.storage.read(d.pdf_key!, 256 * 1_048_576);
        if (!pdf) throw new Error(`the converted PDF of ${d.answer_key} is missing from storage`);
        return pdf;
      },
    }));
}
