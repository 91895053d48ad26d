import type { ApiV1Application, ApiV1ApplicationList, ApiV1DocumentList } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { EQUALITY_ANSWERS } from '../../test-support/equality-answers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { makePdf } from '../documents/test-files';
import { apiCall, apiToken, seedApplications } from './api-v1.test-helpers';

let t: TestApp;
let staff: TestClient;
let reader: string;
let a: Applicant;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
  reader = await apiToken(t, ['applications:read', 'decisions:read', 'documents:read', 'external-ids:write']);
  a = await submittedApplicant(t, 'api-ada@example.edu', EQUALITY_ANSWERS);
});
afterAll(async () => {
  await t?.close();
});

const one = async (id: string, token = reader) =>
  (await expectOk(await apiCall(t, token, 'GET', `/api/v1/applications/${id}`))).json<ApiV1Application>();
const list = async (query: string, token = reader) =>
  (await expectOk(await apiCall(t, token, 'GET', `/api/v1/applications${query}`))).json<ApiV1ApplicationList>();

describe('an application', () => {
  it('carries its fields, answers keyed by the form, its checklist; the equality answers never', async () => {
    const app = await one(a.userId);
    expect(app).toMatchObject({
      id: a.userId,
      cycle: '2026-27',
      program: 'MAE',
      term: '2027FA',
      state: 'submitted',
      submitted_at: t.clock.now().toISOString(),
      decision: null,
      external_ids: {},
    });
    expect(app.answers).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', citizenship: 'CAN' });
    for (const key of ['gender', 'gender_desc', 'ethnicity', 'race_asian']) expect(app.answers).not.toHaveProperty(key);
    expect(app.checklist.length).toBeGreaterThan(0);
    expect(app.checklist[0]).toEqual({
      key: expect.any(String),
      label: expect.any(String),
      kind: expect.any(String),
      state: expect.any(String),
      updated_at: expect.toBeOneOf([null, expect.any(String)]),
    });
    // The list answers the same view.
    expect((await list('?state=submitted')).data).toContainEqual(app);
  });

  it('is 404 when unknown, malformed, or outside the programs a token is limited to', async () => {
    expect(
      (await apiCall(t, reader, 'GET', '/api/v1/applications/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await apiCall(t, reader, 'GET', '/api/v1/applications/not-an-id')).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    const audited = await t.db.query(
      `SELECT detail FROM staff_audit_log WHERE action = 'api-call' AND detail->>'target' = 'not-an-id'`,
    );
    expect(audited.rows).toEqual([{ detail: expect.objectContaining({ call: 'view-application', found: false }) }]);
    const bmnOnly = await apiToken(t, ['applications:read'], ['BMN']);
    expect((await apiCall(t, bmnOnly, 'GET', `/api/v1/applications/${a.userId}`)).statusCode).toBe(404);
    expect((await list('', bmnOnly)).data.map((x) => x.id)).not.toContain(a.userId);
    const maeOnly = await apiToken(t, ['applications:read'], ['MAE']);
    expect((await one(a.userId, maeOnly)).id).toBe(a.userId);
    const mine = (await list('', maeOnly)).data;
    expect(mine.map((x) => x.id)).toContain(a.userId);
    expect(mine.every((x) => x.program === 'MAE')).toBe(true);
    // A token without decisions:read is told nothing of decisions.
    expect(await one(a.userId, maeOnly)).not.toHaveProperty('decision');
  });
  it('of an application made before any cycle was recorded (its cycle NULL) is in the open cycle', async () => {
    const [legacy] = await seedApplications(t, 1, { prefix: 'api-legacy', program: 'MAE' });
    await t.db.query('UPDATE applications SET cycle_id = NULL WHERE user_id = $1', [legacy]);
    expect((await one(legacy!)).cycle).toBe('2026-27');
    const page = await list('?cycle=2026-27&limit=200');
    expect(page.data.find((x) => x.id === legacy)).toMatchObject({ id: legacy, cycle: '2026-27', program: 'MAE' });
    // In id order, as the keyset pages it.
    const ids = page.data.map((x) => x.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids.length).toBeGreaterThan(1);
  });
});

describe('decisions', () => {
  it('shows a released decision and the response; never a draft or a release still scheduled', async () => {
    const [draft, scheduled, released] = await Promise.all(
      ['draft', 'scheduled', 'released'].map((n) => submittedApplicant(t, `api-${n}@example.edu`)),
    );
    for (const x of [draft!, scheduled!, released!])
      await expectOk(await staff.put(`/api/staff/applications/${x.userId}/decision`, { code: 'admit' }));
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    await expectOk(
      await staff.post('/api/staff/decisions/release', { application_ids: [scheduled!.userId], at: later }),
    );
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [released!.userId] }));
    expect((await one(draft!.userId)).decision).toBeNull();
    expect((await one(scheduled!.userId)).decision).toBeNull();
    expect((await one(released!.userId)).decision).toMatchObject({
      code: 'admit',
      label: 'Admitted',
      released_at: t.clock.now().toISOString(),
      response: null,
      responded_at: null,
    });
    const page = JSON.stringify(await list('?limit=200'));
    expect(page.match(/"code":"admit"/g)).toHaveLength(1);

    await expectOk(await released!.client.post('/api/decision/response', { response: 'accept' }));
    expect((await one(released!.userId)).decision).toMatchObject({
      response: 'accept',
      responded_at: expect.any(String),
    });
  });
});

describe('external ids', () => {
  it("writes the campus id back: in later answers, the office's page and CSV, with its event and audit row", async () => {
    const put = await apiCall(t, reader, 'PUT', `/api/v1/applications/${a.userId}/external-ids/banner`, {
      id: 'A00123',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      application_id: a.userId,
      system: 'banner',
      id: 'A00123',
      set_at: t.clock.now().toISOString(),
    });
    expect((await one(a.userId)).external_ids).toEqual({ banner: 'A00123' });
    const detail = (await expectOk(await staff.get(`/api/staff/applications/${a.userId}`))).json<{
      external_ids: object;
    }>();
    expect(detail.external_ids).toEqual({ banner: 'A00123' });
    const csv = (await expectOk(await staff.get('/api/staff/applications.csv'))).body.split('\r\n');
    const header = csv[0]!.split(',');
    const column = header.indexOf('external_ids.banner');
    expect(column).toBeGreaterThan(0);
    expect(csv.find((line) => line.includes('api-ada@example.edu'))!.split(',')[column]).toBe('A00123');
    const events = await t.db.query(
      `SELECT type, data FROM integration_events WHERE application_id = $1 AND type = 'external_id.set'`,
      [a.userId],
    );
    expect(events.rows).toEqual([
      { type: 'external_id.set', data: { application_id: a.userId, system: 'banner', external_id: 'A00123' } },
    ]);
    const audit = await t.db.query<{ staff_email: string; detail: { call: string } }>(
      `SELECT staff_email, detail FROM staff_audit_log WHERE application_user_id = $1 AND action = 'api-call' ORDER BY id`,
      [a.userId],
    );
    expect(audit.rows).toContainEqual({
      staff_email: expect.stringMatching(/^api-token:/),
      detail: expect.objectContaining({ call: 'set-external-id', system: 'banner', external_id: 'A00123' }),
    });

    // The same id again changes nothing and sends no event; a new one replaces it and does.
    await expectOk(
      await apiCall(t, reader, 'PUT', `/api/v1/applications/${a.userId}/external-ids/banner`, { id: 'A00123' }),
    );
    await expectOk(
      await apiCall(t, reader, 'PUT', `/api/v1/applications/${a.userId}/external-ids/banner`, { id: 'A00124' }),
    );
    expect((await one(a.userId)).external_ids).toEqual({ banner: 'A00124' });
    const count = await t.db.query(
      `SELECT count(*)::int AS n FROM integration_events WHERE application_id = $1 AND type = 'external_id.set'`,
      [a.userId],
    );
    expect(count.rows[0]).toEqual({ n: 2 });
  });

  it('refuses a bad system, a bad id, an unknown application, and a call from a page with a session', async () => {
    const url = `/api/v1/applications/${a.userId}/external-ids`;
    expect((await apiCall(t, reader, 'PUT', `${url}/Banner!`, { id: 'x' })).json()).toMatchObject({
      code: 'EXTERNAL_SYSTEM_INVALID',
    });
    expect((await apiCall(t, reader, 'PUT', `${url}/${'b'.repeat(33)}`, { id: 'x' })).statusCode).toBe(400);
    for (const id of ['', ' A1', 'x'.repeat(65), 'A\u0001', 'É']) {
      const res = await apiCall(t, reader, 'PUT', `${url}/banner`, { id });
      expect(res.statusCode, id).toBe(400);
    }
    expect((await apiCall(t, reader, 'PUT', `${url}/banner`, {})).statusCode).toBe(400);
    const unknown = '/api/v1/applications/00000000-0000-4000-8000-000000000000/external-ids/banner';
    expect((await apiCall(t, reader, 'PUT', unknown, { id: 'A1' })).statusCode).toBe(404);
    const session = await staff.put(`${url}/banner`, { id: 'A1' });
    expect(session.statusCode).toBe(401);
  });
});

describe('documents and the packet', () => {
  it('lists documents with signed links valid 5 minutes (no token needed), and answers the packet', async () => {
    const pdf = await makePdf('Transcript of Ada');
    const key = `test/${a.userId}/transcript.pdf`;
    await t.deps.storage.write(key, pdf, 'application/pdf');
    await t.db.query(
      `INSERT INTO documents (id, user_id, answer_key, upload_key, file_name, file_size, status, pdf_key, pdf_size, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'college_transcript_upload', $2, 'transcript.docx', 1234, 'COMPLETED', $2, $3, $4, $4)`,
      [a.userId, key, pdf.length, t.clock.now()],
    );
    const docs = (
      await expectOk(await apiCall(t, reader, 'GET', `/api/v1/applications/${a.userId}/documents`))
    ).json<ApiV1DocumentList>();
    expect(docs.data).toEqual([
      {
        answer_key: 'college_transcript_upload',
        label: expect.any(String),
        file_name: 'transcript.docx',
        file_size: 1234,
        url: expect.stringMatching(/^http:\/\/portal\.test\/api\/v1\/applications\/.+\/download\?/),
        url_expires_at: new Date(t.clock.now().getTime() + 300_000).toISOString(),
      },
    ]);
    const path = docs.data[0]!.url.slice('http://portal.test'.length);
    const download = await apiCall(t, null, 'GET', path);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.rawPayload, Buffer.from(pdf))).toBe(0);
    // A link altered is no link.
    expect((await apiCall(t, null, 'GET', `${path.slice(0, -2)}AA`)).statusCode).toBe(404);

    const packet = await apiCall(t, reader, 'GET', `/api/v1/applications/${a.userId}/packet.pdf`);
    expect(packet.statusCode).toBe(200);
    expect(packet.headers['content-type']).toBe('application/pdf');
    expect(packet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Five minutes on, the link has lapsed.
    t.clock.advance(300_001);
    expect((await apiCall(t, null, 'GET', path)).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('ends a link when its token is revoked', async () => {
    const token = await apiToken(t, ['documents:read'], null, 'revoked soon');
    const docs = (
      await expectOk(await apiCall(t, token, 'GET', `/api/v1/applications/${a.userId}/documents`))
    ).json<ApiV1DocumentList>();
    const path = docs.data[0]!.url.slice('http://portal.test'.length);
    expect((await apiCall(t, null, 'GET', path)).statusCode).toBe(200);
    await t.db.query(`UPDATE api_tokens SET revoked_at = $1 WHERE name = 'revoked soon'`, [t.clock.now()]);
    expect((await apiCall(t, null, 'GET', path)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it.each([
    ['?limit=0', 'API_LIMIT_INVALID'],
    ['?limit=201', 'API_LIMIT_INVALID'],
    ['?limit=abc', 'API_LIMIT_INVALID'],
    ['?limit=1.5', 'API_LIMIT_INVALID'],
    ['?cursor=nonsense', 'API_CURSOR_INVALID'],
    ['?cursor=AAAAAAAAAAAAAAAAAAAAAA.AAAA', 'API_CURSOR_INVALID'],
    ['?state=admitted', 'API_FILTER_INVALID'],
    ['?updated_since=yesterday', 'API_FILTER_INVALID'],
    ['?updated_since=2026-13-01T00:00:00Z', 'API_FILTER_INVALID'],
    ['?cycle=1999', 'API_FILTER_INVALID'],
    ['?program=NOPE', 'API_FILTER_INVALID'],
    ['?colour=blue', 'API_FILTER_INVALID'],
  ])('%s is 400 %s', async (query, code) => {
    const res = await apiCall(t, reader, 'GET', `/api/v1/applications${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, message: expect.any(String) });
  });

  it('refuses a cursor of other filters', async () => {
    await submittedApplicant(t, 'api-cursor@example.edu');
    const first = await list('?limit=1&state=submitted');
    expect(first.next_cursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(first.next_cursor!);
    expect((await list(`?limit=1&state=submitted&cursor=${cursor}`)).data).toHaveLength(1);
    const other = await apiCall(t, reader, 'GET', `/api/v1/applications?limit=1&state=in_progress&cursor=${cursor}`);
    expect(other.json()).toMatchObject({ code: 'API_CURSOR_INVALID' });
    const none = await apiCall(t, reader, 'GET', `/api/v1/applications?limit=1&cursor=${cursor}`);
    expect(none.statusCode).toBe(400);
  });
});
