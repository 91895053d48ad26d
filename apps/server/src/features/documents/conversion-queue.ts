/** The pg-boss queue of document conversions; a job's id is its subject's id. */
export const CONVERSION_QUEUE = 'document-conversion';

/**
 * Where pg-boss puts a conversion whose every try died without settling it (e.g.
 * a file that crashes the process each time): its worker marks the document FAILED.
 */
export const CONVERSION_DEAD_LETTER = 'document-conversion-dead';

/** Tries of a conversion that fails for a reason other than the file (e.g. storage down); then FAILED. */
export const CONVERSION_RETRY_LIMIT = 2;

export interface ConversionJob {
  /** The id of the subject to convert (a document's id, or a letter file's id). */
  documentId: string;
  /** Which ConversionTarget the id belongs to; absent means an applicant's document. */
  target?: string;
}

/** The target of the applicant's documents. */
export const DOCUMENT_TARGET = 'document';
