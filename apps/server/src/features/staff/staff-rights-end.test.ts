import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith, setStaffList, printToken } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

interface DenialRow {
  staff_email: string;
  application_user_id: string | null;
  action: string;
  detail: Record<string, unknown>;
  created_at: Date;
}

async function denialsOf(email: string): Promise<DenialRow[]> {
  const { rows } = await t.db.query<DenialRow>(
    `SELECT staff_email, application_user_id, action, detail, created_at FROM staff_audit_log
     WHERE staff_email = $1 AND action = 'denied' ORDER BY id`,
    [email],
  );
  return rows;
}

describe("a print link ends with its maker's staff rights", () => {
  it('works while its maker is staff, and stops at once when the maker is removed, even when added back', async () => {
    const applicant = await applicantWith(t, 'printed@example.edu', { first_name: 'Petra' });
    const maker = await loggedInClient(t, STAFF_EMAIL);
    const { token } = await printToken(maker, applicant.userId);
    const open = () => t.client().get(`/service/tmp-pdf?service_token=${encodeURIComponent(token)}`);
    expect((await expectOk(await open())).json()).toMatchObject({ answer: { first_name: 'Petra' } });

    setStaffList(t, 'registrar@college.test');
    try {
      const refused = await open();
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'SERVICE_TOKEN_INVALID' });
    } finally {
      setStaffList(t, 'registrar@college.test', STAFF_EMAIL);
    }
    // Ended, not paused: the member's return does not bring an old link back.
    expect((await open()).statusCode).toBe(401);
    // A link made by a member still on the staff is untouched.
    const other = await printToken(await loggedInClient(t, 'registrar@college.test'), applicant.userId);
    expect((await t.client().get(`/service/tmp-pdf?service_token=${other.token}`)).statusCode).toBe(200);
  });
});

describe('denied staff attempts are in the audit log', () => {
  it('records who tried which staff call on which application, and tells the caller nothing more than 403', async () => {
    const target = await applicantWith(t, 'target@example.edu', { first_name: 'Tara' });
    const staff = await anotherSession(t, STAFF_EMAIL);
    expect((await staff.get(`/api/staff/applications/${target.userId}`)).statusCode).toBe(200);
    expect(await denialsOf(STAFF_EMAIL)).toEqual([]);

    const snoop = await loggedInClient(t, 'snoop@example.edu');
    const before = t.clock.now();
    const refused = await snoop.get(`/api/staff/applications/${target.userId}/documents/college_transcript_upload`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'STAFF_ONLY', message: 'This page is for the admissions office only.' });
    expect((await snoop.get('/api/staff/applications.csv?q=tara')).statusCode).toBe(403);
    expect((await snoop.post(`/api/staff/applications/not-an-id/print-token`)).statusCode).toBe(403);

    expect(await denialsOf('snoop@example.edu')).toEqual([
      {
        staff_email: 'snoop@example.edu',
        application_user_id: target.userId,
        action: 'denied',
        detail: {
          method: 'GET',
          route: '/api/staff/applications/:userId/documents/:answerKey',
          params: { userId: target.userId, answerKey: 'college_transcript_upload' },
        },
        created_at: before,
      },
      {
        staff_email: 'snoop@example.edu',
        application_user_id: null,
        action: 'denied',
        detail: { method: 'GET', route: '/api/staff/applications.csv', params: {} },
        created_at: before,
      },
      {
        staff_email: 'snoop@example.edu',
        application_user_id: null,
        action: 'denied',
        detail: {
          method: 'POST',
          route: '/api/staff/applications/:userId/print-token',
          params: { userId: 'not-an-id' },
        },
        created_at: before,
      },
    ]);
  });

  it('a removed member trying a staff call is recorded too', async () => {
    const former = await anotherSession(t, STAFF_EMAIL);
    setStaffList(t, 'registrar@college.test');
    try {
      expect((await former.get('/api/staff/me')).statusCode).toBe(403);
    } finally {
      setStaffList(t, 'registrar@college.test', STAFF_EMAIL);
    }
    expect((await denialsOf(STAFF_EMAIL)).map((r) => r.detail)).toEqual([
      { method: 'GET', route: '/api/staff/me', params: {} },
    ]);
  });
});
