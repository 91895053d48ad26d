import {
  DELETE_ACCOUNT_PATH,
  deletePastSubmittedMessage,
  RECOMMENDATION_LETTER_FILE_PATH,
  RECOMMENDATION_UPLOAD_FORM_PATH,
  type ApplicationCycleResponse,
  type PresignedUrlResponse,
  type RecommendationView,
} from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient, save, userIdOf } from '../../test-support/application-helpers';
import { postUploadForm, settledStatus, storedFiles, uploadAndConvert } from '../../test-support/document-helpers';
import { lastLinkToken, openLink, requestFirst } from '../../test-support/letter-helpers';
import { restartInNextCycle } from '../../test-support/next-cycle';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { makePdf } from '../documents/test-files';

/**
 * Issue 48: an applicant's past-cycle application is a users row of its own that goes with the account
 * (application_of … ON DELETE CASCADE, decision 052). Deleting the account must never take with it an
 * application the office still holds.
 */
let t: TestApp;
/** The same database served after the restart that closed cycle 2026-27 and opened 2027-28. */
let t2: TestApp;
let closeNext: (() => Promise<void>) | undefined;

const DRAFT = 'past.draft@example.edu';
const ADMITTED = 'past.admitted@example.edu';
const TRANSCRIPT = 'college_transcript_upload';

/** Logs in, uploads a transcript (converted), saves answers and, when asked, submits: all in cycle 2026-27. */
async function applicantWithTranscript(email: string, answers: Record<string, string>, submit: boolean) {
  const client = await loggedInClient(t, email);
  expect((await uploadAndConvert(client, TRANSCRIPT, 'transcript.pdf', await makePdf())).statusCode).toBe(200);
  expect((await settledStatus(client, TRANSCRIPT)).status).toBe('COMPLETED');
  await save(client, answers);
  if (submit) await expectOk(await client.post('/api/submit'));
  return { client, userId: await userIdOf(t, email) };
}

/** The recommender's page: posts a PDF letter to the link's form, then waits for its conversion. */
async function uploadLetter(recommenderEmail: string) {
  const token = lastLinkToken(t, recommenderEmail);
  const recommender = t.client('198.51.100.40');
  const form = (
    await expectOk(await recommender.post(RECOMMENDATION_UPLOAD_FORM_PATH, { token }))
  ).json<PresignedUrlResponse>();
  expect((await postUploadForm(recommender, form, 'letter.pdf', await makePdf())).statusCode).toBe(204);
  const key = form.fields.key;
  await expectOk(await recommender.post(RECOMMENDATION_LETTER_FILE_PATH, { token, file_key: key, file_name: 'l.pdf' }));
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const view = (await expectOk(await openLink(t, token))).json<RecommendationView>();
    if (!['UNPROCESSED', 'IN_PROGRESS'].includes(view.letter_file.status)) return;
  }
  throw new Error('the letter did not settle');
}

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  // Unsubmitted, with a transcript and a letter its recommender uploaded: files in both kinds of folder.
  const draft = await applicantWithTranscript(
    DRAFT,
    { ...completeAnswers(), applied_major: 'MAE', recommender_email: 'writer@uni.example' },
    false,
  );
  await requestFirst(draft.client);
  await uploadLetter('writer@uni.example');
  const admitted = await applicantWithTranscript(ADMITTED, { ...completeAnswers(), first_name: 'Ada' }, true);
  const staff = await loggedInClient(t, STAFF_EMAIL);
  await expectOk(await staff.put(`/api/staff/applications/${admitted.userId}/decision`, { code: 'admit' }));
  await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [admitted.userId] }));
  await expectOk(await admitted.client.post('/api/decision/response', { response: 'accept' }));
  ({ next: t2, closeNext } = await restartInNextCycle(t));
}, 120_000);
afterAll(async () => {
  await closeNext?.();
  await t?.close();
});

/** After the restart: logs in again and starts an empty application for 2027-28; the old one gets its own owner. */
async function startNewCycle(email: string) {
  const client = await anotherSession(t2, email);
  await expectOk(await client.post('/api/application/new-cycle', { carry_over: false }));
  const cycle = (await expectOk(await client.get('/api/application/cycle'))).json<ApplicationCycleResponse>();
  expect(cycle.past.map((p) => p.cycle.id)).toEqual(['2026-27']);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE application_of = $1', [
    await userIdOf(t, email),
  ]);
  return { client, accountId: await userIdOf(t, email), pastOwnerId: rows[0]!.id };
}
const deleteAccount = (client: TestClient, email: string) =>
  client.request('DELETE', DELETE_ACCOUNT_PATH, { confirm_username: email });
const filesOf = async (accountId: string) =>
  (await storedFiles(t)).filter((f) => f.startsWith(`documents/${accountId}/`));
const usersRow = async (id: string) => (await t.db.query('SELECT 1 FROM users WHERE id = $1', [id])).rows.length;

describe('deleting an account that has an application of an earlier cycle', () => {
  it('deletes it when that application was never submitted, with the old application and its files', async () => {
    const { client, accountId, pastOwnerId } = await startNewCycle(DRAFT);
    const { rows: requests } = await t.db.query<{ id: string }>(
      'SELECT id FROM recommendation_requests WHERE user_id = $1',
      [pastOwnerId],
    );
    const letterFiles = async () =>
      (await storedFiles(t)).filter((f) => requests.some((r) => f.startsWith(`letters/${r.id}/`)));
    expect((await filesOf(accountId)).length).toBeGreaterThan(0);
    expect((await letterFiles()).length).toBeGreaterThan(0);

    const res = await deleteAccount(client, DRAFT);
    expect(res.statusCode).toBe(200);
    expect(await usersRow(accountId)).toBe(0);
    expect(await usersRow(pastOwnerId)).toBe(0);
    // The old application's files went with it: its documents (in the account's folder) and its letters.
    expect(await filesOf(accountId)).toEqual([]);
    expect(await letterFiles()).toEqual([]);
    const staff = await anotherSession(t2, STAFF_EMAIL);
    expect((await staff.get(`/api/staff/applications/${pastOwnerId}`)).statusCode).toBe(404);
  });

  it('refuses (409) while the office keeps the submitted one, with its accepted offer and its files', async () => {
    const { client, accountId, pastOwnerId } = await startNewCycle(ADMITTED);
    const files = await filesOf(accountId);
    expect(files.length).toBeGreaterThan(0);

    const res = await deleteAccount(client, ADMITTED);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PAST_APPLICATION_SUBMITTED',
      message: deletePastSubmittedMessage(['2026-27']),
    });
    expect(res.json().message).toContain('2026-27 cycle');

    // Nothing went: the account still works, the office still reads the old application, its decision and file.
    expect((await client.get('/api/profile')).statusCode).toBe(200);
    expect(await usersRow(accountId)).toBe(1);
    const staff = await anotherSession(t2, STAFF_EMAIL);
    expect((await staff.get(`/api/staff/applications/${pastOwnerId}`)).statusCode).toBe(200);
    const decisions = await expectOk(await staff.get(`/api/staff/applications/${pastOwnerId}/decisions`));
    expect(decisions.json()).toMatchObject({ current: { code: 'admit', status: 'released', response: 'accept' } });
    const transcript = await staff.get(`/api/staff/applications/${pastOwnerId}/documents/${TRANSCRIPT}`);
    expect(transcript.statusCode).toBe(200);
    expect(transcript.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await filesOf(accountId)).toEqual(files);
  });
});

describe('deletePastSubmittedMessage', () => {
  it('names every cycle whose application the office keeps', () => {
    expect(deletePastSubmittedMessage(['2025-26', '2026-27'])).toContain(
      'your submitted applications of the 2025-26 and 2026-27 cycles,',
    );
  });
});
