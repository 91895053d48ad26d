import {
  PRESIGNED_URL_PATH,
  RECOMMENDATION_LETTER_FILE_PATH,
  RECOMMENDATION_UPLOAD_FORM_PATH,
  documentConversionPath,
  type PresignedUrlResponse,
  type RecommendationView,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from './test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from './test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from './test-support/test-app';
import { postUploadForm, settledStatus } from './test-support/document-helpers';
import { makePdf } from './features/documents/test-files';
import { applicantAskingLetters, lastLinkToken, openLink, requestFirst } from './test-support/letter-helpers';

/**
 * Issue 27, item 2: PostgreSQL refuses U+0000 in text. Every string a request
 * carries (query, path parameters, JSON body) is checked once, before any
 * route runs, so the three calls that used to pass it through answer a clear
 * 400 and store nothing. (The fuzz over every route is route-fuzz.test.ts.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

function expectNulRefused(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    code: 'BAD_REQUEST',
    message: 'The request could not be understood. Please check what you entered and try again.',
    errors: { [field]: ['Must not contain a NUL character (U+0000).'] },
  });
}

describe('a NUL character in any text is answered 400 before it reaches the database', () => {
  it("the applicant's document file_name", async () => {
    const client = await loggedInClient(t, 'nul-doc@example.edu');
    const upload = async () => {
      const form = (
        await expectOk(await client.post(PRESIGNED_URL_PATH, { answer_key: 'college_transcript_upload' }))
      ).json<PresignedUrlResponse>();
      expect((await postUploadForm(client, form, 'transcript.pdf', await makePdf())).statusCode).toBe(204);
      return form.fields.key!;
    };
    const path = documentConversionPath('college_transcript_upload');
    const refused = await client.post(path, { file_key: await upload(), file_name: 'tran\u0000script.pdf' });
    expectNulRefused(refused, 'file_name');
    expect((await client.get(path)).json()).toMatchObject({ status: 'NOT_ANSWERED' });
    expect((await client.post(path, { file_key: await upload(), file_name: 'transcript.pdf' })).statusCode).toBe(200);
    // The conversion finishes before the test's files are removed.
    expect((await settledStatus(client, 'college_transcript_upload')).status).toBe('COMPLETED');
  });

  it("the recommender's letter file name", async () => {
    const applicant = await applicantAskingLetters(t, 'nul-letter@example.edu', 'nul-prof@example.edu');
    await requestFirst(applicant.client);
    const token = lastLinkToken(t, 'nul-prof@example.edu');
    expect((await openLink(t, token)).statusCode).toBe(200);
    const recommender = t.client('198.51.100.20');
    const form = (
      await expectOk(await recommender.post(RECOMMENDATION_UPLOAD_FORM_PATH, { token }))
    ).json<PresignedUrlResponse>();
    expect((await postUploadForm(recommender, form, 'letter.pdf', await makePdf())).statusCode).toBe(204);
    const refused = await recommender.post(RECOMMENDATION_LETTER_FILE_PATH, {
      token,
      file_key: form.fields.key,
      file_name: 'let\u0000ter.pdf',
    });
    expectNulRefused(refused, 'file_name');
    const accepted = await recommender.post(RECOMMENDATION_LETTER_FILE_PATH, {
      token,
      file_key: form.fields.key,
      file_name: 'letter.pdf',
    });
    expect(accepted.statusCode).toBe(200);
    await expect
      .poll(async () => (await openLink(t, token)).json<RecommendationView>().letter_file.status, { timeout: 60_000 })
      .toBe('COMPLETED');
  });

  it("the office's search, in the list and in its CSV", async () => {
    const staff: TestClient = await loggedInClient(t, STAFF_EMAIL);
    expect((await staff.get('/api/staff/applications?q=ada')).statusCode).toBe(200);
    expect((await staff.get('/api/staff/applications.csv?q=ada')).statusCode).toBe(200);
    expectNulRefused(await staff.get('/api/staff/applications?q=%00'), 'q');
    expectNulRefused(await staff.get('/api/staff/applications.csv?q=a%00b'), 'q');
  });

  it('a path parameter and a nested answer', async () => {
    const client = await loggedInClient(t, 'nul-answer@example.edu');
    expect((await client.put('/api/answer', { first_name: 'Ada' })).statusCode).toBe(200);
    // Answers are checked by their route, after the session, with the message the form shows under the field.
    const answer = await client.put('/api/answer', { first_name: 'A\u0000da' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { first_name: ['This answer contains a character that cannot be saved. Please retype it.'] },
    });
    expectNulRefused(await client.get('/api/pdf/document-answer/a%00b'), 'key');
    expect((await client.get('/api/profile')).json()).toMatchObject({ answer: { first_name: 'Ada' } });
  });
});
