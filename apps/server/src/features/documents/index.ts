// The documents feature's public entry: what the application, the letters, the office and housekeeping
// use of the applicant's uploaded and converted documents.
export { answersForJudging } from './answers-for-judging';
export { checkUploadedFile } from './check-uploaded-file';
export { CONVERSION_QUEUE } from './conversion-queue';
export type { ConversionSubject, ConversionTarget } from './conversion-target';
export { listConvertedDocuments } from './converted-documents';
export { documentAnswersSql, loadDocumentAnswers } from './document-answers';
export { letterFolder, letterPdfKey, newLetterUploadKey } from './document-keys';
export { purgeAbandonedUploads, purgeUploadForms } from './purge-abandoned-uploads';
export { removeDeadConversionFolders } from './convert/soffice-leftovers';
export { removeFiles, type Log } from './remove-files';
export { documentShift } from './shift-documents';
export { releaseDocumentsOfPanes } from './tab-switch';
export { pdfName } from './pdf-file-name';
export { documentStatesOf, supersededDocumentsOf } from './documents-repository';
export { fileQuestions } from './file-questions';
export {
  documentCopiesSql,
  dropDocumentCopies,
  planDocumentCopies,
  sourceDocumentsSql,
  type DocumentCopies,
  type SourceDocument,
} from './copy-documents';
