import { checklistRequestsPath, checklistWaiversPath } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * Every staff route against every role (decision 039): what each member gets
 * follows from the rights of their roles (packages/domain/src/api/staff-roles.ts),
 * a member limited to another program gets 404 for the application, an
 * applicant 403 and a caller without a session 401. The administrator's row
 * runs first: each call works before anyone is refused it.
 */
type Who = 'admin' | 'decider' | 'reviewer' | 'reader' | 'limited';
const WHO: Who[] = ['admin', 'decider', 'reviewer', 'reader', 'limited'];
const EMAILS: Record<Exclude<Who, 'admin'>, string> = {
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
  const invites: [Exclude<Who, 'admin'>, string[], string[] | null][] = [
    ['decider', ['decider'], null],
    ['reviewer', ['reviewer'], null],
    ['reader', ['reader'], null],
    ['limited', ['reviewer'], ['MAPP']],
  ];
  for (const [who, roles, programs] of invites) {
    const res = await clients.admin.post('/api/staff/team', { email: EMAILS[who], roles, programs });
    expect(res.statusCode).toBe(201);
    clients[who] = await loggedInClient(t, EMAILS[who]);
  }
  for (const email of ['m-target@college.test', 'm-victim@college.test']) {
    expect((await clients.admin.post('/api/staff/team', { email, roles: ['reader'], programs: null })).statusCode).toBe(
      201,
    );
  }
  await expectOk(
    await clients.admin.post('/api/staff/assignments', { reviewer: STAFF_EMAIL, application_ids: [app.userId] }),
  );
  await expectOk(
    await clients.admin.post('/api/staff/assignments', { reviewer: EMAILS.reviewer, application_ids: [app.userId] }),
  );
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  url: () => string;
  body?: () => unknown;
  /** Status by caller. */
  expect: Record<Who, number>;
}
const all = (status: number, limited = status): Record<Who, number> => ({
  admin: status,
  decider: status,
  reviewer: status,
  reader: status,
  limited,
});
const only = (allowed: Who[], status = 200, limited?: number): Record<Who, number> =>
  Object.fromEntries(
    WHO.map((w) => [w, allowed.includes(w) ? (w === 'limited' && limited ? limited : status) : 403]),
  ) as Record<Who, number>;

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
    body: () => ({ email: `m-new-${++serial}@college.test`, roles: ['reader'], programs: null }),
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
];

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
      for (const route of routes) {
        const res = await send(clients[who], route);
        got.push({ route: `${route.method} ${route.url()}`, status: res.statusCode });
        if (res.statusCode === 403) expect(res.json().code).toBe('STAFF_RIGHT_MISSING');
        if (res.statusCode === 404) expect(res.json().code).toBe('NOT_FOUND');
      }
      expect(got).toEqual(routes.map((r) => ({ route: `${r.method} ${r.url()}`, status: r.expect[who] })));
    });
  }

  it('writes every refusal of a right to the audit log', async () => {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_audit_log WHERE staff_email = $1 AND action = 'denied'`,
      [EMAILS.reader],
    );
    expect(rows[0]!.n).toBe(routes.filter((r) => r.expect.reader === 403).length);
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
