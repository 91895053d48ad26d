import {
  APPLICATION_ID_HEADER,
  APPLICATIONS_PATH,
  CURRENT_APPLICATION_PATH,
  DECISION_MESSAGES,
  ERROR_MESSAGES,
  withdrawApplicationPath,
  type ApplicationsResponse,
  type ApplicationSummary,
  type CurrentApplicationResponse,
  type ErrorCode,
  type WithdrawApplicationResponse,
} from '@admissions/domain';
import { applicantServer, type ApplicantRecord } from '../../../test/application-server';
import { json, type SeenRequest } from '../../../test/fetch-stub';
import { tenantFixture } from '../../../test/fixtures';

type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** An institution that takes three applications a person in a cycle, as the sample tenant does. */
export const SEVERAL_TENANT = { ...tenantFixture, max_applications_per_cycle: 3 };
export const OPEN_CYCLE = { id: tenantFixture.cycle.id, label: tenantFixture.cycle.label };
export const PAST_CYCLE = { id: '2025-26', label: 'Admissions 2025–26' };

const PROGRAMS = new Map(tenantFixture.programs.map((p) => [p.code, p.label]));
const TERMS = new Map(tenantFixture.terms.map((t) => [t.id, t.label]));

/** One application as the list shows it; program and term named as the tenant names them. */
export function application(
  id: string,
  program: string | null,
  more: Partial<Omit<ApplicationSummary, 'id' | 'program'>> = {},
): Omit<ApplicationSummary, 'current'> {
  const term = more.term === undefined ? '2027FA' : more.term;
  return {
    id,
    cycle: OPEN_CYCLE,
    program,
    program_label: program ? (PROGRAMS.get(program) ?? program) : null,
    term,
    term_label: term ? (TERMS.get(term) ?? term) : null,
    state: 'in_progress',
    submitted_at: null,
    decision_released: false,
    decision_offer: false,
    ...more,
  };
}

interface Options {
  applications: Omit<ApplicationSummary, 'current'>[];
  /** The session's current application: the first one unless said. */
  current?: string;
  /** What the form calls find of each application (answers, submitted…); the current one's is the applicant's. */
  records?: Record<string, Partial<ApplicantRecord>>;
  canStart?: boolean;
  /** The server refuses POST /api/applications with this code. */
  refuseStart?: ErrorCode;
}

/**
 * The applicant calls of an account with several applications (issue 42) as the server answers them: every form
 * call acts on the session's current application, names it in X-Application-Id, and is refused with 409
 * APPLICATION_CHANGED when it names another; the list, a start and a switch move the current one; withdrawing one
 * by its id (POST /api/applications/{id}/withdraw) leaves the current one as it is. `formCall` wraps a test's own
 * form call the same way.
 */
export function applicationsServer({ applications, current, records = {}, canStart = true, refuseStart }: Options) {
  const state = {
    applications: [...applications],
    current: current ?? applications[0]!.id,
    /** Another tab opens another application: the session's current one changes under this page. */
    openElsewhere(id: string) {
      switchTo(id);
    },
  };
  const applicant = applicantServer(records[state.current] ?? {});
  const kept: Record<string, ApplicantRecord> = {};
  function switchTo(id: string) {
    kept[state.current] = { ...applicant.state };
    Object.assign(applicant.state, kept[id] ?? applicantServer(records[id] ?? {}).state);
    state.current = id;
  }
  const summary = (a: Omit<ApplicationSummary, 'current'>): ApplicationSummary => ({
    ...a,
    current: a.id === state.current,
  });
  const naming = (response: Response) => {
    response.headers.set(APPLICATION_ID_HEADER, state.current);
    return response;
  };
  const formCall =
    (handler: Handler): Handler =>
    async (request) => {
      const named = request.headers.get(APPLICATION_ID_HEADER);
      if (named && named !== state.current) {
        return naming(json({ code: 'APPLICATION_CHANGED', message: ERROR_MESSAGES.APPLICATION_CHANGED }, 409));
      }
      return naming(await handler(request));
    };

  const refuse = (code: ErrorCode) => json({ code, message: ERROR_MESSAGES[code] }, 409);
  /** Withdraws one of the account's applications where it stands, as the server does: the current one stays. */
  const withdrawById =
    (id: string): Handler =>
    () => {
      const found = state.applications.find((a) => a.id === id);
      if (!found) return json({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND }, 404);
      if (found.state === 'in_progress' || found.state === 'closed') return refuse('APPLICATION_NOT_SUBMITTED');
      if (found.state === 'withdrawn') return refuse('APPLICATION_WITHDRAWN');
      if (found.state === 'accepted') return refuse('OFFER_ACCEPTED');
      found.state = 'withdrawn';
      return naming(
        json({
          message: DECISION_MESSAGES.withdrawn,
          application: summary(found),
        } satisfies WithdrawApplicationResponse),
      );
    };

  const handlers: Record<string, Handler> = {
    'GET /public/tenant': () => json(SEVERAL_TENANT),
    ...Object.fromEntries(Object.entries(applicant.handlers).map(([key, handler]) => [key, formCall(handler)])),
    [`GET ${APPLICATIONS_PATH}`]: () =>
      naming(
        json({
          applications: state.applications.map(summary),
          open_cycle: OPEN_CYCLE,
          limit: SEVERAL_TENANT.max_applications_per_cycle,
          can_start: canStart,
        } satisfies ApplicationsResponse),
      ),
    [`POST ${APPLICATIONS_PATH}`]: ({ body }) => {
      if (refuseStart) return json({ code: refuseStart, message: ERROR_MESSAGES[refuseStart] }, 409);
      const { program, term } = body as { program: string; term?: string };
      const id = `00000000-0000-4000-8000-00000000010${state.applications.length}`;
      state.applications.push(application(id, program, { term: term ?? null }));
      switchTo(id);
      return naming(
        json({ application: summary(state.applications.at(-1)!) } satisfies CurrentApplicationResponse, 201),
      );
    },
    [`PUT ${CURRENT_APPLICATION_PATH}`]: ({ body }) => {
      const { id } = body as { id: string };
      const found = state.applications.find((a) => a.id === id);
      if (!found) return json({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND }, 404);
      switchTo(id);
      return naming(json({ application: summary(found) } satisfies CurrentApplicationResponse));
    },
    ...Object.fromEntries(applications.map((a) => [`POST ${withdrawApplicationPath(a.id)}`, withdrawById(a.id)])),
  };
  return { state, applicant, handlers, formCall };
}
