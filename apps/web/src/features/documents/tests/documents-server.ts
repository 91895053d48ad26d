import {
  DOCUMENT_ANSWERS_PATH,
  LOCAL_UPLOAD_PATH,
  PRESIGNED_URL_PATH,
  documentAnswerPath,
  documentConversionPath,
  documentFilePath,
  type DocumentStatus,
  type DocumentStatusResponse,
} from '@admissions/domain';
import type { applicantServer } from '../../../test/application-server';
import { json, type SeenRequest } from '../../../test/fetch-stub';
import type { SeenUpload } from '../../../test/fake-xhr';

type Handler = (request: SeenRequest) => Response | Promise<Response>;

interface Conversion {
  status: DocumentStatus;
  message: string;
  fileName: string;
  fileSize: number;
}

interface DocumentsServerOptions {
  /** How a conversion ends once polled; COMPLETED unless told otherwise. */
  outcome?: { status: 'COMPLETED' } | { status: 'FAILED'; message: string };
  /** GETs that still answer IN_PROGRESS before the outcome (default 0: the first poll sees it). */
  pollsInProgress?: number;
  /** Conversions already running or ended when the page loads. */
  conversions?: Record<string, Conversion>;
}

/**
 * The document calls of SPEC section 7 as the real server answers them, over
 * the applicant record of applicantServer: a presigned form for our upload
 * endpoint, uploads received through the fake XMLHttpRequest, conversions that
 * end when polled, and documents listed in the profile once COMPLETED.
 */
export function documentsServer(
  applicant: ReturnType<typeof applicantServer>,
  keys: readonly string[],
  options: DocumentsServerOptions = {},
) {
  const state = applicant.state;
  const stored = new Map<string, File>();
  const conversions: Record<string, Conversion> = { ...options.conversions };
  const pollsLeft: Record<string, number> = Object.fromEntries(
    Object.keys(conversions).map((key) => [key, options.pollsInProgress ?? 0]),
  );
  let issued = 0;

  const status = (key: string): DocumentStatusResponse => {
    const c = conversions[key];
    if (!c) return { status: 'NOT_ANSWERED', message: '', url: '' };
    return { status: c.status, message: c.message, url: c.status === 'COMPLETED' ? documentFilePath(key) : '' };
  };

  const handlers: Record<string, Handler> = {
    [`POST ${PRESIGNED_URL_PATH}`]: ({ body }) => {
      const { answer_key } = body as { answer_key: string };
      issued += 1;
      return json({
        url: LOCAL_UPLOAD_PATH,
        fields: {
          key: `applicants/7/${answer_key}/${issued}`,
          policy: 'eyJleHBpcmF0aW9uIjoiLi4uIn0=',
          'x-amz-signature': 'f00d',
        },
      });
    },
    [`GET ${DOCUMENT_ANSWERS_PATH}`]: () => json(state.documents),
  };

  for (const key of keys) {
    handlers[`POST ${documentConversionPath(key)}`] = ({ body }) => {
      const { file_key, file_name } = body as { file_key: string; file_name: string };
      const file = stored.get(file_key);
      if (!file)
        return json(
          { code: 'DOCUMENT_REJECTED', message: 'We did not receive your file. Please upload it again.' },
          422,
        );
      conversions[key] = { status: 'UNPROCESSED', message: '', fileName: file_name, fileSize: file.size };
      pollsLeft[key] = options.pollsInProgress ?? 0;
      return json(status(key));
    };
    handlers[`GET ${documentConversionPath(key)}`] = () => {
      const c = conversions[key];
      if (c && (c.status === 'UNPROCESSED' || c.status === 'IN_PROGRESS')) {
        if ((pollsLeft[key] ?? 0) > 0) {
          pollsLeft[key] = (pollsLeft[key] ?? 0) - 1;
          c.status = 'IN_PROGRESS';
        } else if (options.outcome?.status === 'FAILED') {
          c.status = 'FAILED';
          c.message = options.outcome.message;
          state.answers[key] = '';
        } else {
          c.status = 'COMPLETED';
          state.documents[key] = { file_name: c.fileName, file_size: c.fileSize };
          state.answers[key] = c.fileName;
        }
      }
      return json(status(key));
    };
    handlers[`DELETE ${documentConversionPath(key)}`] = () => {
      delete conversions[key];
      return json({ message: 'Deleted.' });
    };
    handlers[`DELETE ${documentAnswerPath(key)}`] = () => {
      delete conversions[key];
      delete state.documents[key];
      state.answers[key] = '';
      return json({ message: 'Your file has been deleted.' });
    };
  }

  /** What the storage does with an upload: keeps the file under the form's key. */
  const receive = (upload: SeenUpload) => {
    const key = upload.form.get('key');
    const file = upload.form.get('file');
    if (typeof key === 'string' && file instanceof File) stored.set(key, file);
  };

  return { handlers, conversions, stored, receive };
}
