import { FILE_MAX_BYTES, FILE_NAME_MAX_LENGTH } from '../constants';

/**
 * What an applicant reads when a file is refused or its conversion fails.
 * The first five are SPEC sections 5 and 9; the rest say, in applicant terms,
 * why the server refused a file the browser let through.
 */
export const FILE_MESSAGES = {
  tooLarge: 'Your file is too large. The maximum file size is 1 MB.',
  wrongType: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
  empty: 'Your file is empty. Please upload a non-empty file.',
  nameTooLong: `Your file name is too long. The maximum is ${FILE_NAME_MAX_LENGTH} characters, including the extension.`,
  loggedOut: 'This question can be finished once you have created an account.',

  /** The content is not what the extension says (e.g. a .exe renamed .pdf). */
  contentMismatch:
    'Your file does not contain what its name says. You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
  notUploaded: 'We did not receive your file. Please upload it again.',
  docxUnreadable: 'We could not read your Word document. Please save it again as a .docx file and upload it.',
  docxMacros:
    'Your Word document contains macros, which we cannot accept. Please save it as a .docx without macros and upload it again.',
  docxExternalContent:
    'Your Word document links to pictures or files outside it. Please insert them into the document itself and upload it again.',
  docxTooComplex:
    'Your Word document is too large or complex to convert. Please simplify it or save it as a PDF and upload that.',
  docxConverterUnavailable:
    'We cannot convert Word documents right now. Please save your document as a PDF and upload that instead.',
  pdfUnreadable: 'We could not read your PDF. Please save it again and upload it.',
  pdfEncrypted: 'Your PDF is password-protected. Please remove the password and upload it again.',
  pdfScripts: 'Your PDF contains scripts, which we cannot accept. Please print it to a new PDF and upload that.',
  imageUnreadable: 'We could not read your image. Please save it again as a PNG or JPEG and upload it.',
  imageTooLarge: 'Your image has too many pixels. Please reduce its dimensions and upload it again.',
  conversionFailed:
    'We could not convert your file to PDF. Please try another file, or save it as a PDF and upload that.',

  quotaBytes:
    'You have stored as many files as your application allows. Please delete a file before uploading another.',
  quotaUploads: 'You have uploaded many files in the last hour. Please wait a while and try again.',
  uploadInProgressTitle: 'File Upload in Progress',
  uploadInProgress: 'Please wait until the file upload has completed.',
} as const;

export type FileMessageKey = keyof typeof FILE_MESSAGES;

/** A file's maximum size, for text shown to the applicant. */
export const FILE_MAX_BYTES_LABEL = `${FILE_MAX_BYTES / 1_048_576} MB`;
