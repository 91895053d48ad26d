import { randomUUID } from 'node:crypto';

/**
 * Storage keys, made by the server only: scoped to the applicant and the
 * question, never derived from the file's name. Answer keys are form keys
 * (letters, digits and _), so every key passes the storage's safe-key check.
 */
export const documentFolder = (userId: string, answerKey: string) => `documents/${userId}/${answerKey}/`;

export const newUploadKey = (userId: string, answerKey: string) =>
  `${documentFolder(userId, answerKey)}upload-${randomUUID()}`;

/** One converted PDF per document: a retried conversion rewrites the same object. */
export const pdfKeyOf = (userId: string, answerKey: string, documentId: string) =>
  `${documentFolder(userId, answerKey)}${documentId}.pdf`;

/** Recommenders' letters live apart from applicants' documents: `letters/<request id>/`. */
export const LETTER_KEY_ROOT = 'letters/';
export const letterFolder = (requestId: string) => `${LETTER_KEY_ROOT}${requestId}/`;
export const newLetterUploadKey = (requestId: string) => `${letterFolder(requestId)}upload-${randomUUID()}`;
export const letterPdfKey = (requestId: string, fileId: string) => `${letterFolder(requestId)}${fileId}.pdf`;
