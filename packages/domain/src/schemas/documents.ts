import { z } from 'zod';

const answerKey = z.string().min(1).max(100);

/** POST /api/presigned-url */
export const presignedUrlBody = z.strictObject({ answer_key: answerKey });
export type PresignedUrlBody = z.infer<typeof presignedUrlBody>;

/** POST /api/pdf/document-answer/{key}: start converting an uploaded file. */
export const startConversionBody = z.strictObject({
  file_key: z.string().min(1).max(300),
  // The length rule has its own applicant message; the server checks it with checkFileBasics.
  file_name: z.string().min(1).max(255),
});
export type StartConversionBody = z.infer<typeof startConversionBody>;
