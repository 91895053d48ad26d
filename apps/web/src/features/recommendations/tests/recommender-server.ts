import {
  LOCAL_UPLOAD_PATH,
  RECOMMENDATION_DECLINE_PATH,
  RECOMMENDATION_LETTER_FILE_PATH,
  RECOMMENDATION_LETTER_MIN_LENGTH,
  RECOMMENDATION_LETTER_TEXT_PATH,
  RECOMMENDATION_MESSAGES,
  RECOMMENDATION_OPEN_PATH,
  RECOMMENDATION_UPLOAD_FORM_PATH,
  type RecommendationView,
} from '@admissions/domain';
import { json, type SeenRequest } from '../../../test/fetch-stub';
import type { SeenUpload } from '../../../test/fake-xhr';

type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** The e-mailed link's token. */
export const TOKEN = 'tok_0123456789abcdefghijklmnop';

export const LINK_INVALID = {
  code: 'RECOMMENDATION_LINK_INVALID',
  message:
    'This link is no longer valid. It may have expired, the letter may already have been sent, or the applicant may have asked someone else. Please contact the applicant or the admissions office if you still wish to send a letter.',
};

export function openView(over: Partial<RecommendationView> = {}): RecommendationView {
  return {
    state: 'OPEN',
    applicant_name: 'Ada Lovelace',
    program: 'MA in Education',
    programs: ['MA in Education'],
    institution: 'Northfield College',
    recommender_name: 'Grace Hopper',
    waived: true,
    requested_at: '2026-03-03T12:00:00.000Z',
    expires_at: '2026-05-02T12:00:00.000Z',
    letter_due: { at: '2027-04-02T04:59:00.000Z', time_zone: 'America/Chicago' },
    letter_file: { status: 'NONE', file_name: '', message: '' },
    ...over,
  };
}

interface RecommenderServerOptions {
  view?: Partial<RecommendationView>;
  /** Polls of …/open that still see the letter converting before the outcome. */
  pollsConverting?: number;
  /** How the uploaded letter's conversion ends. */
  outcome?: { status: 'COMPLETED' } | { status: 'FAILED'; message: string };
}

/**
 * The recommender's calls as the real server answers them: every call needs
 * the token in its body; an upload is converted while the page polls; a
 * letter or a decline uses the link up.
 */
export function recommenderServer(options: RecommenderServerOptions = {}) {
  const view = openView(options.view);
  const stored = new Set<string>();
  let pollsLeft = 0;
  const ok = (body: unknown) => (body as { token?: unknown }).token === TOKEN;

  const handlers: Record<string, Handler> = {
    [`POST ${RECOMMENDATION_OPEN_PATH}`]: ({ body }) => {
      if (!ok(body)) return json(LINK_INVALID, 410);
      const converting = ['UNPROCESSED', 'IN_PROGRESS'].includes(view.letter_file.status);
      if (converting && pollsLeft > 0) {
        pollsLeft -= 1;
        view.letter_file.status = 'IN_PROGRESS';
      } else if (converting && options.outcome?.status === 'FAILED') {
        view.letter_file = { ...view.letter_file, status: 'FAILED', message: options.outcome.message };
      } else if (converting) {
        view.letter_file.status = 'COMPLETED';
        view.state = 'RECEIVED';
      }
      return json(view);
    },
    [`POST ${RECOMMENDATION_UPLOAD_FORM_PATH}`]: ({ body }) =>
      ok(body)
        ? json({
            url: LOCAL_UPLOAD_PATH,
            fields: { key: 'letters/7/1', policy: 'cG9saWN5', 'x-amz-signature': 'f00d' },
          })
        : json(LINK_INVALID, 410),
    [`POST ${RECOMMENDATION_LETTER_FILE_PATH}`]: ({ body }) => {
      if (!ok(body)) return json(LINK_INVALID, 410);
      const { file_key, file_name } = body as { file_key: string; file_name: string };
      if (!stored.has(file_key))
        return json(
          { code: 'DOCUMENT_REJECTED', message: 'We did not receive your file. Please upload it again.' },
          422,
        );
      view.letter_file = { status: 'UNPROCESSED', file_name, message: '' };
      pollsLeft = options.pollsConverting ?? 0;
      return json(view);
    },
    [`POST ${RECOMMENDATION_LETTER_TEXT_PATH}`]: ({ body }) => {
      if (!ok(body)) return json(LINK_INVALID, 410);
      const { text } = body as { text: string };
      if (text.trim().length < RECOMMENDATION_LETTER_MIN_LENGTH)
        return json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some of what you entered needs to be corrected.',
            errors: { text: [RECOMMENDATION_MESSAGES.letterTooShort] },
          },
          400,
        );
      view.state = 'RECEIVED';
      return json(view);
    },
    [`POST ${RECOMMENDATION_DECLINE_PATH}`]: ({ body }) => {
      if (!ok(body)) return json(LINK_INVALID, 410);
      view.state = 'DECLINED';
      return json(view);
    },
  };

  /** What the storage does with an upload: keeps the file under the form's key. */
  const receive = (upload: SeenUpload) => {
    const key = upload.form.get('key');
    if (typeof key === 'string' && upload.form.get('file') instanceof File) stored.add(key);
  };

  return { view, handlers, receive };
}
