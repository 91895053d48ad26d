import {
  checklistRequestsPath,
  checklistReceiptsPath,
  checklistWaiversPath,
  REPORT_KINDS,
  reportPath,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * Every staff route against every role (decision 039): what each member gets
 * follows from the rights of their roles (packages/domain/src/api/staff-roles.ts),
 * a member limited to another program gets 404 for the application, a decider
 * who is also its applicant 403 OWN_APPLICATION (issue 48), an applicant 403 and
 * a caller without a session 401. The administrator's row runs first: each call
 * works before anyone is refused it.
 */
type Role = 'admin' | 'decider' | 'reviewer' | 'reader' | 'limited';
type Who = Role | 'self';
const ROLES: Role[] = ['admin', 'decider', 'reviewer', 'reader', 'limited'];
const WHO: Who[] = [...ROLES, 'self'];
const EMAILS: Record<Exclude<Role, 'admin'>, string> = {
  decider: 'm-decider@college.test',
  reviewer: 'm-reviewer@college.test',
  reader: 'm-reader@college.test',
  limited: 'm-limited@college.test',
};

let t: TestApp;
let app: Applicant;
const clients = {} as Record<Who, TestClient>;
let serial = 0;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  clients.admin = await loggedInClient(t, STAFF_EMAIL);
  app = await submittedApplicant(t, 'm-applicant@example.edu', { first_name: 'Mira' });
  const invites: [keyof typeof EMAILS, string[], string[] | null][] = [
    ['decider', ['decider'], null],
    ['reviewer', ['reviewer'], null],
    ['reader', ['reader'], null],
    ['limited', ['reviewer'], ['MAPP']],
  ];
  for (const [who, roles, programs] of invites) {
    const res = await clients.admin.post('/api/staff/team', { email: EMAILS[who], name: who, roles, programs });
    expect(res.statusCode).toBe(201);
    clients[who] = await loggedInClient(t, EMAILS[who]);
  }
  // The applicant joins the office as a decider: the account's next login is a staff session; its applicant
  // session (app.client) stays what it was.
  expect(
    (
      await clients.admin.post('/api/staff/team', {
        email: app.email,
        name: 'Mira',
        roles: ['decider'],
        programs: null,
      })
    ).statusCode,
  ).toBe(201);
  clients.self = await anotherSession(t, app.email);
  for (const email of ['m-target@college.test', 'm-victim@college.test']) {
    expect(
      (await clients.admin.post('/api/staff/team', { email, name: 'Reader', roles: ['reader'], programs: null }))
        .statusCode,
    ).toBe(201);
  }
  await expectOk(
    await clients.admin.post('/api/staff/assignments', { reviewer: STAFF_EMAIL, application_ids: [app.userId] }),
  );
  await expectOk(
    await clients.admin.post('/api/staff/assignments', { reviewer: EMAILS.reviewer, application_ids: [app.userId] }),
  );
});
// A draft to every program, for the message routes (issue 46).
let messageId = '';
beforeAll(async () => {
  const res = await clients.admin.post('/api/staff/messages', MESSAGE);
  expect(res.statusCode).toBe(201);
  messageId = res.json<{ id: string }>().id;
});
afterAll(async () => {
  await t?.close();
});
const MESSAGE = {
  name: 'Matrix',
  segment: {},
  subject: 'Hello {{first_name}}',
  body: 'Dear {{first_name}}',
  category: 'news',
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  url: () => string;
  body?: () => unknown;
  /** Status by role (the decider who applied is derived from the decider's: see expected). */
  expect: Record<Role, number>;
  /** The code of a refusal other than 403 and 404, for the roles the call is not refused a right. */
  code?: string;
}
const all = (status: number, limited = status): Route['expect'] => ({
  admin: status,
  decider: status,
  reviewer: status,
  reader: status,
  limited,
});
const only = (allowed: Role[], status = 200, limited?: number): Route['expect'] =>
  Object.fromEntries(
    ROLES.map((w) => [w, allowed.includes(w) ? (w === 'limited' && limited ? limited : status) : 403]),
  ) as Route['expect'];

const stages = () => [
  { id: 'awaiting-materials', label: 'Awaiting materials' },
  { id: 'ready-for-review', label: 'Ready for review' },
  { id: 'committee-review', label: 'Committee review' },
  { id: 'ready-for-decision', label: 'Ready for decision' },
];
const rubric = {
  default: {
    criteria: [
      { id: 'academic', label: 'Academic preparation', min: 1, max: 5 },
      { id: 'statement', label: 'Statement of purpose', min: 1, max: 5 },
      { id: 'recommendations', label: 'Recommendations', min: 1, max: 5 },
    ],
    overall: 'average',
  },
};

const routes: Route[] = [
  { method: 'GET', url: () => '/api/staff/me', expect: all(200) },
  { method: 'GET', url: () => '/api/staff/applications', expect: all(200) },
  { method: 'GET', url: () => '/api/staff/applications.csv', expect: all(200) },
  { method: 'GET', url: () => `/api/staff/applications/${app.userId}`, expect: all(200, 404) },
  { method: 'GET', url: () => `/api/staff/applications/${app.userId}/packet`, expect: all(200, 404) },
  { method: 'POST', url: () => `/api/staff/applications/${app.userId}/print-token`, expect: all(200, 404) },
  { method: 'GET', url: () => '/api/staff/team', expect: only(['admin']) },
  {
    method: 'POST',
    url: () => '/api/staff/team',
    body: () => ({ email: `m-new-${++serial}@college.test`, name: 'New', roles: ['reader'], programs: null }),
    expect: only(['admin'], 201),
  },
  {
    method: 'PUT',
    url: () => '/api/staff/team/m-target@college.test',
    body: () => ({ roles: ['reader'], programs: ['MAE'] }),
    expect: only(['admin']),
  },
  { method: 'DELETE', url: () => '/api/staff/team/m-victim@college.test', expect: only(['admin']) },
  { method: 'GET', url: () => '/api/staff/stages', expect: all(200) },
  { method: 'PUT', url: () => '/api/staff/stages', body: () => ({ stages: stages() }), expect: only(['admin']) },
  {
    method: 'PUT',
    url: () => `/api/staff/applications/${app.userId}/stage`,
    body: () => ({ stage: 'ready-for-review' }),
    expect: only(['admin', 'decider', 'reviewer', 'limited'], 200, 404),
  },
  {
    method: 'PUT',
    url: () => '/api/staff/applications/stage',
    body: () => ({ stage: 'committee-review', application_ids: [app.userId] }),
    expect: only(['admin', 'decider', 'reviewer', 'limited'], 200, 404),
  },
  { method: 'GET', url: () => '/api/staff/rubrics', expect: all(200) },
  { method: 'PUT', url: () => '/api/staff/rubrics', body: () => rubric, expect: only(['admin']) },
  {
    method: 'POST',
    url: () => '/api/staff/assignments',
    body: () => ({ reviewer: EMAILS.reviewer, application_ids: [app.userId] }),
    expect: only(['admin']),
  },
  { method: 'GET', url: () => '/api/staff/queue', expect: only(['admin', 'reviewer', 'limited']) },
  {
    method: 'PUT',
    url: () => `/api/staff/applications/${app.userId}/review`,
    body: () => ({ scores: { academic: 3 }, comment: 'Draft.', submit: false }),
    expect: only(['admin', 'reviewer', 'limited'], 200, 404),
  },
  { method: 'GET', url: () => `/api/staff/applications/${app.userId}/reviews`, expect: all(200, 404) },
  {
    method: 'POST',
    url: () => `/api/staff/applications/${app.userId}/notes`,
    body: () => ({ text: 'Seen.' }),
    expect: all(201, 404),
  },
  { method: 'GET', url: () => `/api/staff/applications/${app.userId}/notes`, expect: all(200, 404) },
  { method: 'GET', url: () => '/api/staff/audit', expect: only(['admin']) },
  // The office's checklist items (decision 044): each request is withdrawn and each waiver taken back in the
  // same row, so the next role finds the item as the first did.
  {
    method: 'POST',
    url: () => checklistRequestsPath(app.userId),
    body: () => ({ item_key: 'college_transcript_upload', message: 'A clearer copy, please.' }),
    expect: only(['admin', 'decider', 'reviewer', 'limited'], 200, 404),
  },
  // A document received by the office itself (issue 41), and the mark taken back, while the request puts it on the
  // checklist.
  {
    method: 'POST',
    url: () => checklistReceiptsPath(app.userId),
    body: () => ({ item_key: 'college_transcript_upload', note: 'Paper transcript by post.' }),
    expect: only(['admin', 'decider', 'reviewer', 'limited'], 200, 404),
  },
  {
    method: 'DELETE',
    url: () => `${checklistReceiptsPath(app.userId)}?item_key=college_transcript_upload`,
    expect: only(['admin', 'decider', 'reviewer', 'limited'], 200, 404),
  },
  {
    method: 'DELETE',
    url: () => `${checklistRequestsPath(app.userId)}?item_key=college_transcript_upload`,
    expect: only(['admin', 'decider', 'reviewer', 'limited'], 200, 404),
  },
  {
    method: 'POST',
    url: () => checklistWaiversPath(app.userId),
    body: () => ({ item_key: 'answers:about', reason: 'Known to the program.' }),
    expect: only(['admin', 'decider']),
  },
  {
    method: 'DELETE',
    url: () => `${checklistWaiversPath(app.userId)}?item_key=answers:about`,
    expect: only(['admin', 'decider']),
  },
  // The office's reports (issue 47): the reports right (administrators, deciders, readers); the reviewers' also
  // needs decide. The equality report of this fixture's one application is refused as too small to show.
  ...REPORT_KINDS.map((kind): Route => ({
    method: 'GET',
    url: () => reportPath(kind),
    expect: only(
      kind === 'reviewers' ? ['admin', 'decider'] : ['admin', 'decider', 'reader'],
      kind === 'equality' ? 409 : 200,
    ),
    ...(kind === 'equality' ? { code: 'REPORT_SCOPE_TOO_SMALL' } : {}),
  })),
  // The money (issue 43): the payments right (administrators; the bursar role, which this matrix has no member
  // of: features/payments/staff-payments-roles.test.ts walks every payment call against every role).
  { method: 'GET', url: () => '/api/staff/payments', expect: only(['admin']) },
  { method: 'GET', url: () => `/api/staff/applications/${app.userId}/payments`, expect: only(['admin']) },
  {
    method: 'POST',
    url: () => `/api/staff/applications/${app.userId}/payments`,
    body: () => ({ amount: 7500, method: 'check', reference: '1001', received_on: '2026-11-01' }),
    expect: only(['admin'], 201),
  },
  // Messages to groups of applicants (issue 46): the message right (administrators and deciders). Deleting a draft
  // needs one of its own per call: features/messages/compose-roles.test.ts walks that and every compose call
  // against every role, a bursar and a program-limited decider among them.
  { method: 'GET', url: () => '/api/staff/messages', expect: only(['admin', 'decider']) },
  { method: 'POST', url: () => '/api/staff/messages', body: () => MESSAGE, expect: only(['admin', 'decider'], 201) },
  { method: 'GET', url: () => `/api/staff/messages/${messageId}`, expect: only(['admin', 'decider']) },
  {
    method: 'PUT',
    url: () => `/api/staff/messages/${messageId}`,
    body: () => MESSAGE,
    expect: only(['admin', 'decider']),
  },
  { method: 'GET', url: () => `/api/staff/messages/${messageId}/recipients`, expect: only(['admin', 'decider']) },
  {
    method: 'POST',
    url: () => `/api/staff/messages/${messageId}/preview`,
    body: () => ({ application_id: app.userId }),
    expect: only(['admin', 'decider']),
  },
  { method: 'POST', url: () => `/api/staff/messages/${messageId}/test`, expect: only(['admin', 'decider']) },
];

/** Whether the call names the application, in its path or in its list of ids. */
const namesApplication = (route: Route) =>
  route.url().includes(app.userId) || JSON.stringify(route.body?.() ?? null).includes(app.userId);

/**
 * The decider who applied: the decider's answer (a right they lack is still STAFF_RIGHT_MISSING, checked first),
 * except that every call on their own application that a decider may make is 403 OWN_APPLICATION.
 */
function expected(route: Route, who: Who): { status: number; code?: string } {
  if (who !== 'self') {
    const status = route.expect[who];
    return status === 403
      ? { status, code: 'STAFF_RIGHT_MISSING' }
      : status === 404
        ? { status, code: 'NOT_FOUND' }
        : status >= 400 && route.code
          ? { status, code: route.code }
          : { status };
  }
  const decider = expected(route, 'decider');
  return namesApplication(route) && decider.status < 400 ? { status: 403, code: 'OWN_APPLICATION' } : decider;
}

function send(client: TestClient, route: Route) {
  const url = route.url();
  const body = route.body?.();
  switch (route.method) {
    case 'GET':
      return client.get(url);
    case 'POST':
      return client.post(url, body);
    case 'PUT':
      return client.put(url, body);
    case 'DELETE':
      return client.delete(url);
  }
}

describe('every staff route, every role', () => {
  for (const who of WHO) {
    it(`answers ${who} as the rights of the role say`, async () => {
      const got = [];
      const want = [];
      for (const route of routes) {
        const res = await send(clients[who], route);
        const name = `${route.method} ${route.url()}`;
        got.push({ route: name, status: res.statusCode, ...(res.statusCode >= 400 ? { code: res.json().code } : {}) });
        want.push({ route: name, ...expected(route, who) });
      }
      expect(got).toEqual(want);
    });
  }

  it('writes every refusal of a right to the audit log', async () => {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_audit_log WHERE staff_email = $1 AND action = 'denied'`,
      [EMAILS.reader],
    );
    expect(rows[0]!.n).toBe(routes.filter((r) => r.expect.reader === 403).length);
  });

  it('writes every refusal of the own application to the audit log, under that application', async () => {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_audit_log
       WHERE staff_email = $1 AND action = 'denied' AND detail->>'conflict' = 'own-application' AND application_user_id = $2`,
      [app.email, app.userId],
    );
    expect(rows[0]!.n).toBe(routes.filter((r) => expected(r, 'self').code === 'OWN_APPLICATION').length);
  });

  it('answers 403 to an applicant and 401 without a session, on every route', async () => {
    for (const route of routes) {
      const applicant = await send(app.client, route);
      expect({ route: route.url(), status: applicant.statusCode, code: applicant.json().code }).toEqual({
        route: route.url(),
        status: 403,
        code: 'STAFF_ONLY',
      });
      const anonymous = await send(t.client(), route);
      expect({ route: route.url(), status: anonymous.statusCode }).toEqual({ route: route.url(), status: 401 });
    }
  });
});
