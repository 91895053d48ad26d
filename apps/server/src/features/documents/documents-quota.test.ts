import { randomUUID } from 'node:crypto';
import { FILE_MESSAGES, PRESIGNED_URL_PATH } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { newUploadKey } from './document-keys';
import { insertDocument, markCompleted } from './documents-repository';

const QUOTA = 1_048_576;

describe('the per-applicant quota on stored bytes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DOCUMENT_QUOTA_BYTES: String(QUOTA) });
  });
  afterAll(() => t.close());

  /** A converted document of `pdfSize` bytes, as a finished conversion leaves it. */
  async function storedDocument(email: string, answerKey: string, pdfSize: number) {
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const userId = rows[0]!.id;
    const id = randomUUID();
    const now = t.clock.now();
    await t.db.transaction((tx) =>
      insertDocument(
        tx,
        { id, userId, answerKey, uploadKey: newUploadKey(userId, answerKey), fileName: 'big.pdf', fileSize: 1000 },
        now,
      ),
    );
    expect(await markCompleted(t.db, id, `${userId}/${answerKey}/${id}.pdf`, pdfSize, now)).toBe(true);
  }

  it('refuses a new upload once the stored PDFs fill the quota, but lets the applicant replace one of them', async () => {
    const email = 'quota@example.com';
    const client = await loggedInClient(t, email);
    await storedDocument(email, 'research_upload', QUOTA / 2);
    // Half the quota in use: another question still takes a file.
    expect((await client.post(PRESIGNED_URL_PATH, { answer_key: 'college_transcript_upload' })).statusCode).toBe(200);

    await storedDocument(email, 'college_2_transcript_upload', QUOTA / 2);
    const refused = await client.post(PRESIGNED_URL_PATH, { answer_key: 'college_transcript_upload' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED', message: FILE_MESSAGES.quotaBytes });
    // Replacing a stored document frees its own bytes first.
    expect((await client.post(PRESIGNED_URL_PATH, { answer_key: 'research_upload' })).statusCode).toBe(200);
    // Another applicant has a quota of their own.
    const other = await loggedInClient(t, 'quota.other@example.com');
    expect((await other.post(PRESIGNED_URL_PATH, { answer_key: 'college_transcript_upload' })).statusCode).toBe(200);
  });
});
