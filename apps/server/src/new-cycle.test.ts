import {
  DECISION_MESSAGES,
  MY_DATA_PATH,
  type ApplicationCycleResponse,
  type StaffListResponse,
  type TenantConfig,
} from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_TENANT } from '../../../test/tenants';
import { buildApp } from './app';
import { anotherSession, loggedInClient, save } from './test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from './test-support/staff-helpers';
import { expectOk, startTestApp, TestClient, type TestApp } from './test-support/test-app';
import { zipEntries } from './test-support/zip-entries';
import { ACCOUNT_TABLES, APPLICATION_TABLES } from './features/cycles/application-tables';
import { PDF_LIMITS } from './features/pdf/pdf-routes';

/**
 * Issue 29, decision 052: a new cycle opens when the server restarts with a
 * tenant file that names it. Here the same database is served first with the
 * sample tenant (cycle 2026-27) and then, after the "restart", with a second
 * tenant whose cycle is 2027-28 and which no longer offers BMAS.
 */
const NEXT_TENANT: TenantConfig = {
  ...SAMPLE_TENANT,
  cycle: { id: '2027-28', label: 'Admissions 2027–28', opens: '2027-08-01T00:00', closes: '2028-08-31T23:59' },
  programs: SAMPLE_TENANT.programs.filter((p) => p.code !== 'BMAS'),
};

let t: TestApp;
let next: FastifyInstance;
/** The test app as served after the restart: same database and clock, the next tenant's cycle. */
let t2: TestApp;
let submitted: Applicant;
/** Admitted too, and answers only after the reply-by instant. */
let late: Applicant;
const DRAFT = 'draft@example.edu';
const errors: string[] = [];

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  submitted = await submittedApplicant(t, 'returning@example.edu', { first_name: 'Ada' });
  late = await submittedApplicant(t, 'late@example.edu', { first_name: 'Lee' });
  const staff = await loggedInClient(t, STAFF_EMAIL);
  for (const { userId } of [submitted, late]) {
    await expectOk(await staff.put(`/api/staff/applications/${userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [userId] }));
  }
  // In the open cycle an unsubmitted application takes saves: the refusals below come from the cycle alone.
  const draft = await loggedInClient(t, DRAFT);
  await save(draft, { first_name: 'Dana', applied_major: 'BMAS' });

  // Errors the restarted app logs, shown by a failing test.
  const logged = { write: (line: string) => errors.push(line) };
  next = await buildApp(
    { ...t.deps, config: { ...t.deps.config, tenant: NEXT_TENANT } },
    pino({ level: 'error' }, logged),
  );
  await next.ready();
  t2 = { ...t, app: next, client: (ip = '203.0.113.10') => new TestClient(next, ip, undefined, t.mailDelivered) };
});
afterAll(async () => {
  await next?.close();
  await t?.close();
});

const cycleOf = async (client: TestClient) =>
  (await expectOk(await client.get('/api/application/cycle'))).json<ApplicationCycleResponse>();

describe('a new cycle', () => {
  it('leaves last cycle’s application read-only, readable, and offers a new one', async () => {
    const draft = await anotherSession(t2, DRAFT);
    expect(await cycleOf(draft)).toEqual({
      open_cycle: { id: '2027-28', label: 'Admissions 2027–28' },
      closed: { cycle: { id: '2026-27', label: '2026-27' }, submitted: false, submitted_at: null },
      past: [],
    });
    expect((await expectOk(await draft.get('/api/profile'))).json()).toMatchObject({
      answer: { first_name: 'Dana', applied_major: 'BMAS' },
    });
    for (const res of [
      await draft.put('/api/answer', { first_name: 'Changed' }),
      await draft.put('/api/answer', { applied_major: 'MAE' }),
      await draft.put('/api/last-page', { last_page: 'personal' }),
      await draft.post('/api/submit'),
      await draft.post('/api/presigned-url', { answer_key: 'resume', file_name: 'cv.pdf', file_size: 1000 }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CYCLE_CLOSED' });
    }
    expect((await draft.get('/api/profile')).json()).toMatchObject({ answer: { first_name: 'Dana' } });
  });

  it('gives the same account a new, empty application; the old one keeps its answers, PDF copy and decision', async () => {
    const client = await anotherSession(t2, submitted.email);
    expect((await cycleOf(client)).closed).toEqual({
      cycle: { id: '2026-27', label: '2026-27' },
      submitted: true,
      submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect((await client.post('/api/application/new-cycle', { carry_over: true })).json()).toMatchObject({
      code: 'CARRY_OVER_SUBMITTED',
    });
    const started = await expectOk(await client.post('/api/application/new-cycle', { carry_over: false }));
    expect(started.json()).toEqual({
      cycle: { id: '2027-28', label: 'Admissions 2027–28' },
      carried: [],
      dropped: [],
    });
    expect((await expectOk(await client.get('/api/profile'))).json()).toMatchObject({ answer: {} });
    await save(client, { first_name: 'Ada', applied_major: 'MAE' });
    const status = await expectOk(await client.get('/api/status'));
    expect(status.json()).toMatchObject({ decision: null });

    const cycle = await cycleOf(client);
    expect(cycle).toMatchObject({
      closed: null,
      past: [
        {
          cycle: { id: '2026-27' },
          submitted_at: expect.any(String),
          decision: { label: 'Admitted', offer: { reply_by: expect.any(String), response: null, can_respond: true } },
          pdf_url: '/api/past-applications/2026-27/pdf',
        },
      ],
    });
    const pdf = await client.get(cycle.past[0]!.pdf_url);
    expect({ status: pdf.statusCode, errors }).toEqual({ status: 200, errors: [] });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await client.get('/api/past-applications/2025-26/pdf')).statusCode).toBe(404);

    const again = await client.post('/api/application/new-cycle', { carry_over: false });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'APPLICATION_IN_OPEN_CYCLE' });
    // The address still logs in to the account, never to the past application's owner.
    expect((await anotherSession(t2, submitted.email).then(cycleOf)).past).toHaveLength(1);
    // The process's first PDF copy loads react-pdf on its thread: seconds alone, tens of them on a busy machine.
  }, 90_000);

  it('counts the past application’s copy in the applicant’s copies a minute, as the live one, then answers 429', async () => {
    const client = await anotherSession(t2, submitted.email);
    const answers: number[] = [];
    for (let i = 0; i <= PDF_LIMITS.perMinute; i++) {
      const pdf = await client.get('/api/past-applications/2026-27/pdf');
      answers.push(pdf.statusCode);
      if (pdf.statusCode === 200) expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      else expect(pdf.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
    // The copy downloaded by the test above counts too: the last of these is past the limit.
    expect(answers.slice(0, PDF_LIMITS.perMinute - 1)).toEqual(Array(PDF_LIMITS.perMinute - 1).fill(200));
    expect(answers.at(-1)).toBe(429);
    // The live application's copy shares the same count.
    expect((await client.get('/api/pdf/file')).statusCode).toBe(429);
  }, 90_000);

  it('puts the past application’s answers and PDF copy in “Download my data”, under its cycle', async () => {
    const client = await anotherSession(t2, submitted.email);
    const entries = await zipEntries((await expectOk(await client.get(MY_DATA_PATH))).rawPayload);
    expect([...entries.keys()].filter((name) => name.startsWith('past-applications/'))).toEqual([
      'past-applications/2026-27/answers.json',
      'past-applications/2026-27/application-copy.pdf',
    ]);
    expect(JSON.parse(entries.get('past-applications/2026-27/answers.json')!.toString('utf8'))).toMatchObject({
      cycle_id: '2026-27',
      submitted_at: expect.any(String),
      answers: { first_name: 'Ada' },
    });
    expect(entries.get('past-applications/2026-27/application-copy.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(JSON.parse(entries.get('answers.json')!.toString('utf8'))).toMatchObject({
      application: { cycle_id: '2027-28', submitted_at: null, answers: { applied_major: 'MAE' } },
    });
    expect(entries.get('README.txt')!.toString('utf8')).toContain('past-applications/');
  }, 90_000);

  it('carries an unsubmitted application’s answers over on request, dropping what the new programs do not take', async () => {
    const draft = await anotherSession(t2, DRAFT);
    const res = await expectOk(await draft.post('/api/application/new-cycle', { carry_over: true }));
    expect(res.json()).toMatchObject({
      carried: ['first_name'],
      dropped: [{ key: 'applied_major', value: 'BMAS', value_label: 'MS in Biomedical and Applied Sciences' }],
    });
    expect((await draft.get('/api/profile')).json()).toMatchObject({ answer: { first_name: 'Dana' } });
    expect((await draft.get('/api/profile')).json().answer).not.toHaveProperty('applied_major');
    await save(draft, { applied_major: 'MAE' });
    expect(await cycleOf(draft)).toMatchObject({ closed: null, past: [{ cycle: { id: '2026-27' }, decision: null }] });
  });

  it('keeps the old applications for the office under their cycle, where it can still decide', async () => {
    const staff = await anotherSession(t2, STAFF_EMAIL);
    const list = (await expectOk(await staff.get('/api/staff/applications?cycle=2026-27'))).json<StaffListResponse>();
    const old = list.rows.find((r) => r.email === submitted.email)!;
    expect(old).toMatchObject({ cycle_id: '2026-27', web_status: 'submitted', first_name: 'Ada' });
    expect(list.rows.find((r) => r.email === DRAFT)).toMatchObject({ cycle_id: '2026-27', first_name: 'Dana' });
    expect(old.user_id).not.toBe(submitted.userId);

    const detail = await expectOk(await staff.get(`/api/staff/applications/${old.user_id}`));
    expect(JSON.stringify(detail.json())).toContain('Ada');
    const history = await expectOk(await staff.get(`/api/staff/applications/${old.user_id}/decisions`));
    // Listed among the past applications, read by nobody: not viewed.
    expect(history.json()).toMatchObject({ current: { code: 'admit', status: 'released', viewed_at: null } });
    await expectOk(await staff.put(`/api/staff/applications/${old.user_id}/decision`, { code: 'waitlist' }));
  });

  it('names every table that refers to users as part of an application or of the account', async () => {
    const { rows } = await t.db.query<{ table: string; column: string }>(
      `SELECT kcu.table_name AS table, kcu.column_name AS column
       FROM information_schema.referential_constraints rc
       JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name
       JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name
       WHERE ccu.table_name = 'users' ORDER BY 1, 2`,
    );
    const named = [...APPLICATION_TABLES, ...ACCOUNT_TABLES].map((r) => `${r.table}.${r.column}`).sort();
    expect(rows.map((r) => `${r.table}.${r.column}`)).toEqual(named);
  });

  it('still takes the answer to an offer made to the replaced application, until its reply-by instant', async () => {
    const client = await anotherSession(t2, submitted.email);
    const accepted = await expectOk(
      await client.post('/api/past-applications/2026-27/decision/response', { response: 'accept' }),
    );
    expect(accepted.json()).toEqual({ message: DECISION_MESSAGES.accepted });
    expect((await cycleOf(client)).past[0]?.decision).toMatchObject({
      offer: { response: 'accept', can_respond: false },
    });
    const again = await client.post('/api/past-applications/2026-27/decision/response', { response: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DECISION_REPLY_CLOSED' });
    const elsewhere = await client.post('/api/past-applications/2025-26/decision/response', { response: 'accept' });
    expect(elsewhere.statusCode).toBe(404);

    const other = await anotherSession(t2, late.email);
    await expectOk(await other.post('/api/application/new-cycle', { carry_over: false }));
    const offer = (await cycleOf(other)).past[0]!.decision!.offer!;
    expect(offer).toMatchObject({ response: null, can_respond: true });
    t.clock.advance(new Date(offer.reply_by!).getTime() - t.clock.now().getTime() + 1);
    // Weeks later: a new login.
    const after = await anotherSession(t2, late.email);
    expect((await cycleOf(after)).past[0]?.decision?.offer).toMatchObject({ response: null, can_respond: false });
    const lapsed = await after.post('/api/past-applications/2026-27/decision/response', { response: 'accept' });
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json()).toMatchObject({ code: 'DECISION_REPLY_CLOSED' });
  });
});
