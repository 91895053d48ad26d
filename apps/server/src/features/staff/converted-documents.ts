import type { AppDeps } from '../../app-deps';

/** One uploaded document of an application, as its converted PDF. */
export interface ConvertedDocument {
  /** The file question's answer key, e.g. 'college_transcript_upload'. */
  answerKey: string;
  /** The question's label, as the form shows it. */
  label: string;
  fileName: string;
  fileSize: number;
  readPdf(): Promise<Uint8Array>;
}

/**
 * THE seam between the staff console and the documents feature
 * (features/documents, built in parallel). The console's document list, the
 * print data's document_answer (GET /service/tmp-pdf) and the packet all read
 * documents through this one function and nothing else.
 *
 * Until the lead wires it to features/documents (the applicant's converted
 * documents whose conversion is COMPLETED, in form order), no application has
 * a converted document, so it answers []. Tests inject documents through
 * StaffDocumentSource instead of changing this.
 */
export async function listConvertedDocuments(_deps: AppDeps, _userId: string): Promise<ConvertedDocument[]> {
  return [];
}

export type StaffDocumentSource = (deps: AppDeps, userId: string) => Promise<ConvertedDocument[]>;
