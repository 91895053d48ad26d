import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, SESSION_COOKIE } from '@admissions/domain';
import { historyRows, loggedInClient, profileOf } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/** Every /api call needs a live session: without one it is 401 UNAUTHORIZED, and changes nothing. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED };

/** A well-formed body per call, so a 401 cannot be a body check in disguise. */
const VALID_BODIES: Record<string, unknown> = {
  'PUT /api/answer': { first_name: 'Intruder' },
  'PUT /api/last-page': { last_page: '/final-steps' },
  'POST /api/web-status': { web_status: 'started' },
  'PUT /api/add-another': { button_id: 'college', num_components: 5 },
  'PUT /api/tabs': { tab_id: 'college_transcript', chosen_tab: 'later' },
  'POST /api/carry-over': { answer: { first_name: 'Intruder' } },
};
/** Bodies that also take the other paths of PUT /api/answer (controlling and hideable answers). */
const MORE_BODIES: [string, unknown][] = [
  ['PUT /api/answer', { suspended: 'N' }],
  ['PUT /api/answer', { suspended_comment: 'Intruder' }],
];

/**
 * Every /api route the app has, read from the app itself, so a new call cannot be forgotten here. Not the read API
 * (/api/v1, issue 45): it takes a bearer token, never a session (features/api-v1's contract test walks its routes).
 */
function apiCalls(): string[] {
  const calls: string[] = [];
  for (const [, path, methods] of t.app.printRoutes({ commonPrefix: false }).matchAll(/(\/api\/\S+) \(([^)]+)\)/g)) {
    if (path!.startsWith('/api/v1/')) continue;
    for (const method of methods!.split(', ')) if (method !== 'HEAD') calls.push(`${method} ${path}`);
  }
  return calls.sort();
}

async function call(client: TestClient, name: string, body?: unknown) {
  const [method, url] = name.split(' ') as ['GET' | 'PUT' | 'POST' | 'DELETE', string];
  return client.request(method, url, method === 'GET' ? undefined : (body ?? VALID_BODIES[name] ?? {}));
}

/** Calls everything with this session cookie (or none), put back before each call: a 401 tells the client to drop it. */
async function expectAllUnauthorized(sessionCookie: string | undefined) {
  const client = t.client();
  const calls = apiCalls();
  const cases: [string, unknown][] = [
    ...calls.map((c): [string, unknown] => [c, undefined]),
    ...MORE_BODIES,
    // A body the call would refuse: the missing session is still what the client hears about.
    ...calls.filter((c) => !c.startsWith('GET')).map((c): [string, unknown] => [c, { not_a_question: 1 }]),
  ];
  for (const [name, body] of cases) {
    if (sessionCookie) client.cookies.set(SESSION_COOKIE, sessionCookie);
    const res = await call(client, name, body);
    expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 401, body: UNAUTHORIZED });
  }
}

/** An applicant with something saved, to prove a refused call changed nothing. */
async function applicantWithData(email: string) {
  const client = await loggedInClient(t, email);
  await expectOk(
    await client.put('/api/answer', { first_name: 'Ada', suspended: 'Y', suspended_comment: 'Explained.' }),
  );
  await expectOk(await client.put('/api/last-page', { last_page: '/about' }));
  const profile = await profileOf(client);
  return { client, profile, history: await historyRows(t, email) };
}

describe('/api without a session', () => {
  it('finds the /api calls of the app (new ones are checked below with an empty body)', () => {
    expect(apiCalls()).toEqual(
      expect.arrayContaining([
        'GET /api/add-another',
        'GET /api/logout',
        'GET /api/profile',
        'GET /api/tabs',
        'POST /api/web-status',
        'PUT /api/add-another',
        'PUT /api/answer',
        'PUT /api/last-page',
        'PUT /api/tabs',
      ]),
    );
  });

  it('answers 401 UNAUTHORIZED to a client with no cookie', async () => {
    await expectAllUnauthorized(undefined);
  });

  it('answers 401 UNAUTHORIZED to a made-up session cookie, and tells the browser to drop it', async () => {
    const client = t.client();
    client.cookies.set(SESSION_COOKIE, 'made-up-session-id-0123456789abcdefghijklmnop');
    const res = await client.get('/api/profile');
    expect(res.statusCode).toBe(401);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    await expectAllUnauthorized('made-up-session-id-0123456789abcdefghijklmnop');
  });

  it('answers 401 UNAUTHORIZED to the cookie of a session that logged out, and changes nothing', async () => {
    const email = 'session.loggedout@example.edu';
    const { client, profile, history } = await applicantWithData(email);
    const stale = client.cookies.get(SESSION_COOKIE)!;
    await expectOk(await client.get('/api/logout'));
    await expectAllUnauthorized(stale);

    const owner = t.client();
    await expectOk(await owner.post('/public/login', { username: email, password: 'Correct-Horse-42' }));
    const after = await profileOf(owner);
    expect({ ...after, successful_login: undefined }).toEqual({ ...profile, successful_login: undefined });
    expect(await historyRows(t, email)).toEqual(history);
  });

  // Last in the file: it moves the shared clock past the idle limit.
  it('answers 401 UNAUTHORIZED once the session has been idle for 15 minutes, and changes nothing', async () => {
    const email = 'session.idle@example.edu';
    const { client, profile, history } = await applicantWithData(email);
    t.clock.advance(15 * 60_000 + 1000);
    const cookie = client.cookies.get(SESSION_COOKIE)!;
    const invalid = Object.keys(VALID_BODIES).map((name): [string, unknown] => [name, { not_a_question: 1 }]);
    for (const [name, body] of [...Object.entries(VALID_BODIES), ...MORE_BODIES, ...invalid]) {
      // Put the cookie back each time: the first 401 tells the client to drop it.
      client.cookies.set(SESSION_COOKIE, cookie);
      const res = await call(client, name, body);
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 401, body: UNAUTHORIZED });
    }
    const owner = t.client();
    await expectOk(await owner.post('/public/login', { username: email, password: 'Correct-Horse-42' }));
    const after = await profileOf(owner);
    expect({ ...after, successful_login: undefined }).toEqual({ ...profile, successful_login: undefined });
    expect(await historyRows(t, email)).toEqual(history);
  });
});
