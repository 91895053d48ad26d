import { FILE_NAME_MAX_LENGTH } from '../constants';

/**
 * The document calls of SPEC section 7, shared by the server's routes and the
 * web app's fetchers. Keys in paths are answer keys (e.g. research_upload,
 * college_2_transcript_upload); always build paths with the helpers below.
 */

/** Conversion statuses (SPEC section 3): UNPROCESSED and IN_PROGRESS mean "poll again in DOC_CONVERSION_POLL_MS". */
export const DOCUMENT_STATUSES = ['UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'NOT_ANSWERED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** Statuses during which the widget keeps polling and a tab switch is refused. */
export const DOCUMENT_WAITING_STATUSES: readonly DocumentStatus[] = ['UNPROCESSED', 'IN_PROGRESS'];
export const isDocumentWaiting = (status: DocumentStatus): boolean => DOCUMENT_WAITING_STATUSES.includes(status);

/**
 * Where and how to upload: post multipart form data to `url` with every entry
 * of `fields` (in order) and then the file as the last part named `file`,
 * exactly as to an S3 presigned POST. `fields.key` is the storage key to send
 * back when starting the conversion. The form expires after 10 minutes.
 */
export interface PresignedUrlResponse {
  url: string;
  fields: Record<string, string>;
}

/**
 * GET /api/pdf/document-answer/{key} (and the answer of POST): the conversion
 * status; `message` says why when FAILED; `url` opens the applicant's own
 * converted PDF when COMPLETED, '' otherwise.
 */
export interface DocumentStatusResponse {
  status: DocumentStatus;
  message: string;
  url: string;
}
/** GET /api/document-answer: one entry per question with a converted document (same shape as the profile's document_answer). */
export type DocumentAnswersResponse = Record<string, { file_name: string; file_size: number }>;

/** The answer of the DELETE calls. */
export interface DocumentDeletedResponse {
  message: string;
}

export const DOCUMENT_NAME_MAX_LENGTH = FILE_NAME_MAX_LENGTH;

export const PRESIGNED_URL_PATH = '/api/presigned-url';
export const DOCUMENT_ANSWERS_PATH = '/api/document-answer';
/** The embedded storage's upload endpoint (the `url` of a presigned form when files are kept on local disk). */
export const LOCAL_UPLOAD_PATH = '/api/upload';
/** The same for uploaders without a session (a recommender's letter): the form's signed policy is their only key. */
export const LOCAL_PUBLIC_UPLOAD_PATH = '/public/upload';

export const documentConversionPath = (key: string): string => `/api/pdf/document-answer/${encodeURIComponent(key)}`;
export const documentAnswerPath = (key: string): string => `${DOCUMENT_ANSWERS_PATH}/${encodeURIComponent(key)}`;
/** The applicant's own converted PDF (application/pdf, sent as a download), the `url` of a COMPLETED status. */
export const documentFilePath = (key: string): string => `${documentConversionPath(key)}/file`;
