import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../test-support/staff-helpers';
import { expectOk, startTestApp, TEST_PUBLIC_URL, type TestApp, type TestClient } from '../test-support/test-app';
import { DEPTH_MESSAGE } from './input-guard';

/**
 * Issue 48, items 3 and 4: half of a surrogate pair in a staff body (stage and rubric labels, reasons, a
 * request's message) reached PostgreSQL's jsonb, which refused it with a 500; JSON nested thousands of levels
 * deep (10 KB) made every route answer 500, with a stack trace in the log each time. Both are refused with a
 * 400 before any route runs, and nothing is stored.
 */
let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});

/** `depth` objects and arrays one inside the other, written out: JSON.stringify itself runs out of stack. */
const nested = (depth: number): string => '{"a":['.repeat(depth / 2) + '"x"' + ']}'.repeat(depth / 2);

/** A raw JSON body sent as a browser on the product's page would, with the client's cookies. */
function sendJson(client: TestClient, method: 'POST' | 'PUT', url: string, json: string) {
  return t.app.inject({
    method,
    url,
    payload: json,
    headers: {
      origin: TEST_PUBLIC_URL,
      'content-type': 'application/json',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
}

describe('a JSON body nested too deeply', () => {
  it('is still an ordinary body at 32 levels: the route answers it, and at 33 the guard does', async () => {
    // The body, an array and 30 levels inside it: 32 in all, the most a body may nest.
    const body = `{"username":"deep@example.edu","password":[${nested(30)}]}`;
    const res = await sendJson(t.client(), 'POST', '/public/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).not.toEqual({ _: [DEPTH_MESSAGE] });
    const deeper = `{"username":"deep@example.edu","password":[[${nested(30)}]]}`;
    expect((await sendJson(t.client(), 'POST', '/public/login', deeper)).json().errors).toEqual({ _: [DEPTH_MESSAGE] });
  });

  // A route the guard checks, and the three that check their answers' text themselves.
  it.each([
    ['POST', '/public/login', false],
    ['POST', '/public/tmp', false],
    ['PUT', '/api/answer', true],
    ['POST', '/api/carry-over', true],
  ] as const)(
    'is answered 400 BAD_REQUEST by %s %s at 5,000 levels, and the server goes on',
    async (method, path, loggedIn) => {
      const client = loggedIn ? await loggedInClient(t, `deep-${path.length}@example.edu`) : t.client();
      const res = await sendJson(client, method, path, `{"answers":${nested(5000)}}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'The request could not be understood. Please check what you entered and try again.',
        errors: { _: [DEPTH_MESSAGE] },
      });
      expect((await t.client().get('/public/tenant')).statusCode).toBe(200);
    },
  );
});

describe('half of a surrogate pair in a body', () => {
  it("is refused under the field's name, and the stages stay as they were", async () => {
    const { stages } = (await expectOk(await admin.get('/api/staff/stages'))).json<{ stages: { id: string }[] }>();
    const renamed = stages.map((s, i) => ({ ...s, label: i === 0 ? 'Just arrived' : `Stage ${i + 1}` }));
    expect((await admin.put('/api/staff/stages', { stages: renamed })).statusCode).toBe(200);

    const res = await admin.put('/api/staff/stages', {
      stages: renamed.map((s, i) => (i === 1 ? { ...s, label: 'Half \ud800 a character' } : s)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      errors: { 'stages.1.label': ['Must not contain half of a character (a lone UTF-16 surrogate).'] },
    });
    const after = (await expectOk(await admin.get('/api/staff/stages'))).json<{ stages: { label: string }[] }>();
    expect(after.stages.map((s) => s.label)).toEqual(renamed.map((s) => s.label));
  });

  it('is kept whole when both halves are there', async () => {
    const { stages } = (await expectOk(await admin.get('/api/staff/stages'))).json<{ stages: { id: string }[] }>();
    const res = await admin.put('/api/staff/stages', {
      stages: stages.map((s, i) => ({ ...s, label: i === 0 ? 'Arrived \ud83d\udce8' : `Stage ${i + 1}` })),
    });
    expect((await expectOk(res)).json<{ stages: { label: string }[] }>().stages[0]!.label).toBe('Arrived 📨');
  });
});
