import {
  ACCOUNT_SUCCESS_MESSAGES,
  CONFIRM_USERNAME_MISMATCH,
  DELETE_ACCOUNT_PATH,
  DELETE_SUBMITTED_MESSAGE,
  SESSION_COOKIE,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient, save, userIdOf } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import {
  settledStatus,
  storedFiles,
  uploadAndConvert,
  uploadForm,
  postUploadForm,
} from '../../test-support/document-helpers';
import { makePdf } from '../documents/test-files';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

const deleteAccount = (client: TestClient, confirm_username: unknown) =>
  client.request('DELETE', DELETE_ACCOUNT_PATH, { confirm_username });
const rowsOf = async (table: string, column: string, value: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [value])).rows[0]!.n;

describe('DELETE /api/account', () => {
  it('deletes an unsubmitted account with its answers, documents and files, and ends every session', async () => {
    const email = 'leaving@example.edu';
    const client = await loggedInClient(t, email);
    const otherTab = await anotherSession(t, email);
    const userId = await userIdOf(t, email);
    await save(client, { first_name: 'Lea' });
    expect(
      (await uploadAndConvert(client, 'college_transcript_upload', 'transcript.pdf', await makePdf())).statusCode,
    ).toBe(200);
    expect((await settledStatus(client, 'college_transcript_upload')).status).toBe('COMPLETED');
    // An upload never sent for conversion: no document row names it, the folder still holds it.
    const stray = await uploadForm(client, 'research_upload');
    expect((await postUploadForm(client, stray, 'draft.pdf', await makePdf())).statusCode).toBe(204);
    const mine = async () => (await storedFiles(t)).filter((f) => f.startsWith(`documents/${userId}/`));
    expect((await mine()).length).toBeGreaterThanOrEqual(2);
    expect(await rowsOf('mail_log', 'email_norm', email)).toBe(1);

    const res = await deleteAccount(client, ' Leaving@Example.edu ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.deleteAccount });
    // This browser's cookies are cleared; every other session of the account ended with it.
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ value: '' });
    expect((await client.get('/api/profile')).statusCode).toBe(401);
    expect((await otherTab.get('/api/profile')).statusCode).toBe(401);
    expect(
      (await t.client().post('/public/login', { username: email, password: 'Correct-Horse-42' })).json(),
    ).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    expect(await mine()).toEqual([]);
    for (const [table, column] of [
      ['users', 'id'],
      ['applications', 'user_id'],
      ['answer_history', 'user_id'],
      ['documents', 'user_id'],
      ['document_uploads', 'user_id'],
      ['sessions', 'user_id'],
    ] as const) {
      expect({ table, rows: await rowsOf(table, column, userId) }).toEqual({ table, rows: 0 });
    }
    expect(await rowsOf('mail_log', 'email_norm', email)).toBe(0);
    // The address is free again: a new sign-up starts afresh.
    await expectOk(await t.client().post('/public/signup', { username: email, password: 'Correct-Horse-42' }));
  });

  it('refuses an address that is not the account’s, and deletes nothing', async () => {
    const client = await loggedInClient(t, 'careful@example.edu');
    for (const typed of ['someone@example.edu', '', 'careful@example']) {
      const res = await deleteAccount(client, typed);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Some of what you entered needs to be corrected.',
        errors: { confirm_username: [CONFIRM_USERNAME_MISMATCH] },
      });
    }
    expect((await client.request('DELETE', DELETE_ACCOUNT_PATH, {})).json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await client.request('DELETE', DELETE_ACCOUNT_PATH, { confirm_username: 42 })).statusCode).toBe(400);
    expect((await client.get('/api/profile')).statusCode).toBe(200);
  });

  it('refuses a submitted application with 409, and the account keeps working', async () => {
    const applicant = await submittedApplicant(t, 'submitted.stays@example.edu');
    const res = await deleteAccount(applicant.client, applicant.email);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'APPLICATION_SUBMITTED', message: DELETE_SUBMITTED_MESSAGE });
    expect((await applicant.client.get('/api/profile')).statusCode).toBe(200);
    expect(await rowsOf('users', 'id', applicant.userId)).toBe(1);
  });

  it("keeps a staff member's account (409), answers 401 without a session, and refuses another site", async () => {
    const staff = await loggedInClient(t, STAFF_EMAIL);
    const res = await deleteAccount(staff, STAFF_EMAIL);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_IS_STAFF' });
    expect((await staff.get('/api/staff/me')).statusCode).toBe(200);

    const anonymous = await deleteAccount(t.client(), 'nobody@example.edu');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const victim = await loggedInClient(t, 'victim@example.edu');
    const forged = await victim.request(
      'DELETE',
      DELETE_ACCOUNT_PATH,
      { confirm_username: 'victim@example.edu' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(forged.statusCode).toBe(403);
    expect((await victim.get('/api/profile')).statusCode).toBe(200);
  });
});
