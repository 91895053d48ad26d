import {
  allQuestions,
  APPLICATION_CYCLE_PATH,
  type ApplicationCycleResponse,
  buildForm,
  documentAnswerPath,
  documentConversionPath,
  DOCUMENT_ANSWERS_PATH,
  RECOMMENDATIONS_PATH,
  planCarryOver,
  type Answers,
  type CarryOverResponse,
  type DocumentAnswer,
  type ProfileResponse,
  type RecommendationsResponse,
  type WebStatus,
  STATUS_PATH,
  type StatusResponse,
} from '@admissions/domain';
import { json, type SeenRequest } from './fetch-stub';
import { tenantFixture } from './fixtures';

type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** What the fake server holds for one logged-in applicant. */
export interface ApplicantRecord {
  username: string;
  answers: Answers;
  lastPage: string | null;
  logins: string[];
  webStatuses: WebStatus[];
  addAnother: Record<string, number>;
  tabs: Record<string, string>;
  /** Converted documents by question key (the profile's document_answer). */
  documents: Record<string, DocumentAnswer>;
  /** The errors of the last POST /api/validations. */
  validations: Record<string, string[]> | null;
  submitted: boolean;
}

export const SUBMITTED_MESSAGE = 'Your application was successfully submitted.';

const SUBMITTED_CONFLICT = {
  code: 'APPLICATION_SUBMITTED',
  message: 'Your application has already been submitted and can no longer be changed.',
};

/**
 * The application calls of a logged-in applicant as the real server answers
 * them, over an in-memory record, for stubFetch. Spread the handlers and
 * override single calls where a test needs another answer.
 */
export function applicantServer(record: Partial<ApplicantRecord> = {}) {
  const state: ApplicantRecord = {
    username: 'ada@example.com',
    answers: {},
    lastPage: null,
    logins: ['2026-01-10T10:00:00.000Z'],
    webStatuses: [],
    addAnother: {},
    tabs: {},
    documents: {},
    validations: null,
    submitted: false,
    ...record,
  };

  const profile = (): ProfileResponse => ({
    username: state.username,
    answer: { ...state.answers },
    document_answer: { ...state.documents },
    last_page: state.lastPage,
    successful_login: [...state.logins],
    web_status: state.webStatuses.map((web_status) => ({ web_status })),
  });

  const handlers: Record<string, Handler> = {
    'GET /api/profile': () => json(profile()),
    'PUT /api/answer': ({ body }) => {
      if (state.submitted) return json(SUBMITTED_CONFLICT, 409);
      state.answers = { ...state.answers, ...(body as Answers) };
      return json({ message: 'Your answers have been saved.' });
    },
    'PUT /api/last-page': ({ body }) => {
      if (state.submitted) return json(SUBMITTED_CONFLICT, 409);
      state.lastPage = (body as { last_page: string }).last_page;
      return json(body);
    },
    'POST /api/web-status': ({ body }) => {
      const { web_status } = body as { web_status: WebStatus };
      if (!state.webStatuses.includes(web_status)) state.webStatuses.push(web_status);
      return json(body);
    },
    'POST /api/validations': ({ body }) => {
      state.validations = (body as { errors: Record<string, string[]> }).errors;
      return json({ message: 'Validation results saved.' });
    },
    // The status page's data before any decision is released (features/decisions tests stub their own).
    'POST /api/submit': () => {
      state.submitted = true;
      for (const status of ['started', 'validating', 'submitted'] as const) {
        if (!state.webStatuses.includes(status)) state.webStatuses.push(status);
      }
      return json({ message: SUBMITTED_MESSAGE });
    },
    'POST /api/carry-over': ({ body }) => {
      if (state.submitted) return json({ status: 'submitted' } satisfies CarryOverResponse);
      // The server's rule, without its clearing of hidden answers: fill the unanswered, report the rest.
      const { fill, conflicts } = planCarryOver(
        buildForm(tenantFixture),
        state.answers,
        (body as { answer: Answers }).answer,
      );
      state.answers = { ...state.answers, ...fill };
      return json({ status: 'merged', filled: fill, conflicts } satisfies CarryOverResponse);
    },
    'GET /api/add-another': () => json(state.addAnother),
    'PUT /api/add-another': ({ body }) => {
      const { button_id, num_components } = body as { button_id: string; num_components: number };
      state.addAnother[button_id] = num_components;
      return json({ [button_id]: num_components });
    },
    'GET /api/tabs': () => json(state.tabs),
    'PUT /api/tabs': ({ body }) => {
      const { tab_id, chosen_tab } = body as { tab_id: string; chosen_tab: string };
      state.tabs[tab_id] = chosen_tab;
      return json({ [tab_id]: chosen_tab });
    },
    'GET /api/keep-alive': () => json({ message: 'ok' }),
    // The status page's messages from the office (issue 46): none yet.
    'GET /api/messages': () => json({ messages: [] }),
    [`GET ${DOCUMENT_ANSWERS_PATH}`]: () => json(state.documents),
    ...documentHandlers(state),
    // No letter requests: the recommendations feature's tests (features/recommendations/tests) replace this.
    [`GET ${RECOMMENDATIONS_PATH}`]: () => json({ recommenders: [] } satisfies RecommendationsResponse),
    // An empty checklist: the status feature's tests (features/status) replace this.
    [`GET ${STATUS_PATH}`]: () =>
      json({
        submitted_at: state.submitted ? '2026-11-02T09:00:00.000Z' : null,
        withdrawn_at: null,
        complete: false,
        checklist: [],
        reminders: true,
        deadline: null,
        decision: null,
      } satisfies StatusResponse),
    // The open cycle's application, nothing past: the cycles feature's tests (features/cycles) replace this.
    [`GET ${APPLICATION_CYCLE_PATH}`]: () =>
      json({
        open_cycle: { id: tenantFixture.cycle.id, label: tenantFixture.cycle.label },
        closed: null,
        past: [],
      } satisfies ApplicationCycleResponse),
    'GET /api/pdf': () =>
      json({ status: 'completed', url: '/api/pdf/file', message: 'Your PDF copy is ready to download.' }),
  };

  return { state, handlers };
}

/** The file questions' keys: the same for every institution. */
const FILE_KEYS = buildForm(tenantFixture)
  .pages.flatMap(allQuestions)
  .filter((q) => q.kind === 'file')
  .map((q) => q.key);

/**
 * Each upload widget asks for its conversion's status when shown: no
 * conversion beyond the listed documents. The documents feature's own tests
 * (features/documents/tests/documents-server.ts) replace these to upload.
 */
function documentHandlers(state: ApplicantRecord): Record<string, Handler> {
  const handlers: Record<string, Handler> = {};
  for (const key of FILE_KEYS) {
    handlers[`GET ${documentConversionPath(key)}`] = () =>
      json(
        state.documents[key]
          ? { status: 'COMPLETED', message: '', url: `${documentConversionPath(key)}/file` }
          : { status: 'NOT_ANSWERED', message: '', url: '' },
      );
    const remove = () => {
      delete state.documents[key];
      return json({ message: 'Your file was deleted.' });
    };
    handlers[`DELETE ${documentConversionPath(key)}`] = remove;
    handlers[`DELETE ${documentAnswerPath(key)}`] = remove;
  }
  return handlers;
}

export { completeAnswers } from '@admissions/domain/testing';
