// The PDF feature's public entry: the application's copy and the renderer the office and letters draw with.
export { loadCopySource } from './application-copy';
export { attachmentHeader } from './copy-file-name';
export { createPdfRenderer, type PdfRenderer } from './pdf-renderer';
export type { Separator } from './separator-pdf';
