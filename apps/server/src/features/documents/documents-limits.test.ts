import { randomUUID } from 'node:crypto';
import { documentConversionPath, FILE_MESSAGES, PRESIGNED_URL_PATH } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import {
  postUploadForm,
  settledStatus,
  storedFiles,
  uploadAndConvert,
  uploadForm,
} from '../../test-support/document-helpers';
import { purgeAbandonedUploads } from './purge-abandoned-uploads';
import { CONVERSION_DEAD_LETTER } from './conversion-queue';
import { newUploadKey } from './document-keys';
import { insertDocument } from './documents-repository';
import { makeDocx, makePdf, makePng } from './test-files';

describe('documents without LibreOffice, and the upload quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SOFFICE_PATH: '/nonexistent/soffice', DOCUMENT_UPLOADS_PER_HOUR: '3' });
  });
  afterAll(() => t.close());

  it('still converts images, and fails a Word document with a clear message', async () => {
    const client = await loggedInClient(t, 'no-office@example.com');
    expect((await uploadAndConvert(client, 'research_upload', 'project.docx', makeDocx())).statusCode).toBe(200);
    expect(await settledStatus(client, 'research_upload')).toEqual({
      status: 'FAILED',
      message: FILE_MESSAGES.docxConverterUnavailable,
      url: '',
    });
    expect((await uploadAndConvert(client, 'research_upload', 'scan.png', await makePng())).statusCode).toBe(200);
    expect((await settledStatus(client, 'research_upload')).status).toBe('COMPLETED');
    // Three upload forms an hour: two were used above, one more is allowed, the next refused until the hour has passed.
    expect((await client.post(PRESIGNED_URL_PATH, { answer_key: 'college_transcript_upload' })).statusCode).toBe(200);
    const refused = await client.post(PRESIGNED_URL_PATH, { answer_key: 'college_transcript_upload' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED', message: FILE_MESSAGES.quotaUploads });
    const other = await loggedInClient(t, 'someone-else@example.com');
    expect((await other.post(PRESIGNED_URL_PATH, { answer_key: 'research_upload' })).statusCode).toBe(200);
    t.clock.advance(61 * 60 * 1000);
    // (The idle session has expired meanwhile: the applicant logs in again.)
    const later = await anotherSession(t, 'no-office@example.com');
    expect((await later.post(PRESIGNED_URL_PATH, { answer_key: 'college_transcript_upload' })).statusCode).toBe(200);
  });

  it('housekeeping removes an upload whose conversion was never asked for, after a day', async () => {
    const client = await loggedInClient(t, 'abandon@example.com');
    const form = await uploadForm(client, 'research_upload');
    expect((await postUploadForm(client, form, 'left.pdf', await makePdf())).statusCode).toBe(204);
    const log = { warn: () => undefined, error: () => undefined };
    expect(await purgeAbandonedUploads(t.deps, log)).toBe(0);
    expect(await storedFiles(t)).toContain(form.fields.key);
    t.clock.advance(25 * 60 * 60 * 1000);
    // (The earlier test's unused upload forms go too.)
    expect(await purgeAbandonedUploads(t.deps, log)).toBe(4);
    expect(await storedFiles(t)).not.toContain(form.fields.key);
  });

  it('a conversion the queue gave up on (every try crashed) ends FAILED and its upload is removed', async () => {
    const client = await loggedInClient(t, 'crashes@example.com');
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'crashes@example.com'");
    const userId = rows[0]!.id;
    const uploadKey = newUploadKey(userId, 'research_upload');
    await t.deps.storage.write(uploadKey, await makePdf(), 'application/pdf');
    const documentId = randomUUID();
    await insertDocument(
      t.db,
      { id: documentId, userId, answerKey: 'research_upload', uploadKey, fileName: 'crash.pdf', fileSize: 900 },
      t.clock.now(),
    );
    expect((await client.get(documentConversionPath('research_upload'))).json()).toMatchObject({
      status: 'UNPROCESSED',
    });
    // What pg-boss does with a job whose retries are used up: it copies it to the dead-letter queue.
    await t.deps.jobs.send(CONVERSION_DEAD_LETTER, { documentId });
    expect(await settledStatus(client, 'research_upload')).toEqual({
      status: 'FAILED',
      message: FILE_MESSAGES.conversionFailed,
      url: '',
    });
    expect(await storedFiles(t)).not.toContain(uploadKey);
  });
});
