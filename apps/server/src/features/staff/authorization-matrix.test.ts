import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import {
  STAFF_EMAIL,
  STAFF_ENV,
  applicantWith,
  printToken,
  submittedApplicant,
  type Applicant,
} from '../../test-support/staff-helpers';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { MINUTE } from '../../infra/time-units';

/**
 * Every staff and service call, asked by every kind of caller. Only a staff
 * session reaches the staff calls; only a live token reaches the print data,
 * and only of its own application.
 */
let t: TestApp;
let staff: TestClient;
let a: Applicant;
let b: Applicant;
let tokenA: string;
let tokenB: string;
let expired: string;
let revoked: string;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  a = await submittedApplicant(t, 'matrix-a@example.edu', { first_name: 'Alma' });
  b = await applicantWith(t, 'matrix-b@example.edu', { first_name: 'Bruno' });
  staff = await loggedInClient(t, STAFF_EMAIL);
  expired = (await printToken(staff, a.userId)).token;
  t.clock.advance(31 * MINUTE);
  // Every session went idle during the jump: log in again.
  staff = await loggedInClient(t, 'registrar@college.test');
  a.client = await anotherSession(t, a.email);
  b.client = await anotherSession(t, b.email);
  tokenA = (await printToken(staff, a.userId)).token;
  tokenB = (await printToken(staff, b.userId)).token;
  const toRevoke = await printToken(staff, a.userId);
  expect((await staff.delete(`/api/staff/print-tokens/${toRevoke.id}`)).statusCode).toBe(200);
  revoked = toRevoke.token;
});
afterAll(async () => {
  await t?.close();
});

type Call = { method: 'GET' | 'POST' | 'DELETE'; url: () => string };
const staffCalls: Call[] = [
  { method: 'GET', url: () => '/api/staff/me' },
  { method: 'GET', url: () => '/api/staff/applications?q=alma' },
  { method: 'GET', url: () => '/api/staff/applications.csv' },
  { method: 'GET', url: () => `/api/staff/applications/${a.userId}` },
  { method: 'GET', url: () => `/api/staff/applications/${a.userId}/documents/college_transcript_upload` },
  { method: 'GET', url: () => `/api/staff/applications/${a.userId}/packet` },
  { method: 'GET', url: () => `/api/staff/applications/${a.userId}/letters/00000000-0000-4000-8000-000000000000` },
  { method: 'POST', url: () => `/api/staff/applications/${a.userId}/print-token` },
  { method: 'DELETE', url: () => '/api/staff/print-tokens/00000000-0000-4000-8000-000000000000' },
];

function send(client: TestClient, call: Call, query = '') {
  const url = call.url() + query;
  return call.method === 'GET' ? client.get(url) : call.method === 'POST' ? client.post(url) : client.delete(url);
}

describe('staff calls', () => {
  it('answer a staff session (documents, letters and unknown tokens are 404: there are none)', async () => {
    const statuses = [];
    for (const call of staffCalls) statuses.push((await send(staff, call)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 404, 200, 404, 200, 404]);
  });

  it('answer 401 without a session, whatever token the URL carries', async () => {
    for (const call of staffCalls) {
      for (const query of ['', `${call.url().includes('?') ? '&' : '?'}service_token=${tokenA}`]) {
        const res = await send(t.client(), call, query);
        expect({ call: call.url(), status: res.statusCode }).toEqual({ call: call.url(), status: 401 });
        expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
    }
  });

  it('answer 403 to applicant A and applicant B, even for their own application', async () => {
    for (const applicant of [a, b]) {
      for (const call of [
        ...staffCalls,
        { method: 'GET' as const, url: () => `/api/staff/applications/${applicant.userId}` },
      ]) {
        const res = await send(applicant.client, call);
        expect({ call: call.url(), status: res.statusCode }).toEqual({ call: call.url(), status: 403 });
        expect(res.json()).toMatchObject({ code: 'STAFF_ONLY' });
      }
    }
  });
});

describe('GET /service/tmp-pdf', () => {
  const tmpPdf = (client: TestClient, token?: string) =>
    client.get(
      token === undefined ? '/service/tmp-pdf' : `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`,
    );

  it("answers the print data of the token's own application, to anyone holding the token", async () => {
    for (const client of [t.client(), a.client, b.client, staff]) {
      const resA = await tmpPdf(client, tokenA);
      expect(resA.statusCode).toBe(200);
      // SPEC section 3's fields, and the programs and terms the submitted application kept (issue 41).
      expect(Object.keys(resA.json()).sort()).toEqual([
        'add_another',
        'answer',
        'document_answer',
        'kept_basis',
        'tabs',
      ]);
      expect(resA.json().answer).toMatchObject({ first_name: 'Alma', last_name: 'Lovelace' });
      const resB = await tmpPdf(client, tokenB);
      expect(resB.json().answer).toEqual({ first_name: 'Bruno' });
    }
  });

  it('answers 401 JSON for a missing, empty, made-up, expired or revoked token, whoever asks', async () => {
    for (const client of [t.client(), a.client, b.client, staff]) {
      for (const token of [undefined, '', 'made-up-token', tokenA.slice(0, -1), expired, revoked]) {
        const res = await tmpPdf(client, token);
        expect({ token, status: res.statusCode }).toEqual({ token, status: 401 });
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toMatchObject({ code: 'SERVICE_TOKEN_INVALID' });
      }
    }
  });

  it('a token is read-only: it opens no applicant call and no staff call', async () => {
    for (const url of ['/api/profile', '/api/pdf/file', `/api/staff/applications/${a.userId}`]) {
      expect((await t.client().get(`${url}?service_token=${tokenA}`)).statusCode).toBe(401);
    }
    const put = await t.client().put(`/api/answer?service_token=${tokenA}`, { first_name: 'Mallory' });
    expect(put.statusCode).toBe(401);
  });

  it('is a token only a staff session can make', async () => {
    expect((await a.client.post(`/api/staff/applications/${a.userId}/print-token`)).statusCode).toBe(403);
    expect((await t.client().post(`/api/staff/applications/${a.userId}/print-token`)).statusCode).toBe(401);
  });
});
