import {
  ERROR_MESSAGES,
  FILE_MESSAGES,
  GENERIC_ERROR_MESSAGE,
  PRESIGNED_URL_PATH,
  type ErrorCode,
  type PresignedUrlBody,
  type PresignedUrlResponse,
} from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { ServerError, UnauthorizedError } from '../../../lib/api-errors';
import { applicationTicket } from '../../../lib/application-id';

/** POST /api/presigned-url: where and how to upload the file for one question. */
export function createPresignedUrl(body: PresignedUrlBody): Promise<PresignedUrlResponse> {
  return api.post<PresignedUrlResponse>(PRESIGNED_URL_PATH, body);
}

/** Upload progress in whole percent, 0 to 100. */
export type OnProgress = (percent: number) => void;

/**
 * Posts the file to the presigned form exactly as to an S3 presigned POST:
 * multipart form data with every field, in order, then the file as the last
 * part named `file`. XMLHttpRequest rather than fetch, because only it
 * reports upload progress. No credentials go to another origin (S3); our
 * own endpoint is same-origin, so it gets the session cookie with the
 * signed policy, which it checks as S3 would.
 */
export function uploadFile({ url, fields }: PresignedUrlResponse, file: File, onProgress: OnProgress): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    // Our own upload endpoint (/api/upload) is a form call: it names the page's application (issue 42). S3 is
    // another origin, where a header of ours would cost a preflight its CORS rules refuse: it gets none.
    for (const [name, value] of Object.entries(applicationTicket(url).headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(uploadError(xhr.status, xhr.getResponseHeader('content-type') ?? '', xhr.responseText));
      }
    });
    // Offline, refused, CORS: the browser's own reason is not meant for applicants.
    xhr.addEventListener('error', () => reject(new ServerError(0)));
    xhr.addEventListener('abort', () => reject(new ServerError(0)));
    xhr.addEventListener('timeout', () => reject(new ServerError(0)));
    xhr.send(form);
  });
}

/** S3's refusals of a presigned POST, in applicant terms. */
const S3_CODES: Record<string, string> = {
  EntityTooLarge: FILE_MESSAGES.tooLarge,
  EntityTooSmall: FILE_MESSAGES.empty,
  AccessDenied: ERROR_MESSAGES.UPLOAD_POLICY_INVALID,
};

/**
 * The error of a refused upload. Our endpoint answers JSON with a code and a
 * message meant for users; S3 answers XML with its own codes, mapped above.
 */
export function uploadError(status: number, contentType: string, text: string): Error {
  if (status === 401) return new UnauthorizedError();
  if (/^application\/(.+\+)?json\b/i.test(contentType)) {
    try {
      const body = JSON.parse(text) as { message?: unknown; code?: unknown };
      const message = typeof body.message === 'string' && body.message !== '' ? body.message : GENERIC_ERROR_MESSAGE;
      return new ServerError(status, message, typeof body.code === 'string' ? (body.code as ErrorCode) : undefined);
    } catch {
      return new ServerError(status);
    }
  }
  const s3Code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
  return new ServerError(status, (s3Code && S3_CODES[s3Code]) || GENERIC_ERROR_MESSAGE);
}
