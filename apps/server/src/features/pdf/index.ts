// The PDF feature's public entry: the application's copy and the renderer the office and letters draw with.
export { loadCopySource, type CopyOwner } from './application-copy';
export { createApplicantCopies, type ApplicantCopies, type DrawnCopy } from './applicant-copies';
export { attachmentHeader } from './copy-file-name';
export { drawnCopy } from './drawn-copy';
export { createCopyDownloadRate } from './pdf-routes';
export { createPdfRenderer, type PdfRenderer } from './pdf-renderer';
export type { Separator } from './separator-pdf';
