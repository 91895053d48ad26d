/**
 * GET /api/pdf (SPEC section 7): whether the applicant's PDF copy can be
 * downloaded, and from where. unprocessed and in_progress mean "ask again
 * soon" (PDF_STATUS_POLL_FAST_MS); completed and failed are answers
 * (SPEC section 4, PDF copy download).
 */
export const PDF_COPY_STATUSES = ['unprocessed', 'in_progress', 'completed', 'failed'] as const;
export type PdfCopyStatus = (typeof PDF_COPY_STATUSES)[number];

export interface PdfCopyStatusResponse {
  status: PdfCopyStatus;
  /** Where to download the copy; '' unless completed. */
  url: string;
  message: string;
}

/** SPEC section 8, PDF failure. */
export const PDF_COPY_FAILED_MESSAGE = 'Error downloading PDF copy of your application.';
export const PDF_COPY_READY_MESSAGE = 'Your PDF copy is ready to download.';
export const PDF_COPY_FILE_PATH = '/api/pdf/file';
/** While the copy of a just-submitted application is drawn (the web app polls again in a second). */
export const PDF_COPY_PREPARING_MESSAGE = 'Your PDF copy is being prepared.';
