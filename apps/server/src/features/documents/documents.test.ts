import { completeAnswers } from '@admissions/domain/testing';
import {
  DOCUMENT_ANSWERS_PATH,
  documentAnswerPath,
  documentConversionPath,
  FILE_MESSAGES,
  PRESIGNED_URL_PATH,
  type DocumentStatusResponse,
  type ProfileResponse,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, save } from '../../test-support/application-helpers';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import {
  postUploadForm,
  settledStatus,
  storedFiles,
  uploadAndConvert,
  uploadForm,
} from '../../test-support/document-helpers';
import {
  makeDocx,
  makeDocxWithExternalImage,
  makeDocxWithMacros,
  makeEncryptedPdf,
  makeHugePixelPng,
  makeJpegPhoto,
  makePdf,
  makePdfWithJavaScript,
  makePng,
  makeZipBomb,
} from './test-files';

const bodyOf = (res: { body: string }) => JSON.parse(res.body) as { code?: string; message?: string };

describe('documents: upload, conversion to PDF, delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('a BMN applicant uploads a Word document, sees it converted by LibreOffice, opens it, and can then submit', async () => {
    const client = await loggedInClient(t, 'nurse@example.com');
    await save(client, { ...completeAnswers(), applied_major: 'BMN' });
    const refused = await client.post('/api/submit');
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(JSON.parse(refused.body).errors)).toEqual(['research_upload']);

    const docx = makeDocx();
    const started = await uploadAndConvert(client, 'research_upload', 'project.docx', docx);
    expect(started.statusCode).toBe(200);
    expect(['UNPROCESSED', 'IN_PROGRESS', 'COMPLETED']).toContain(started.json<DocumentStatusResponse>().status);
    const done = await settledStatus(client, 'research_upload');
    expect(done).toEqual({ status: 'COMPLETED', message: '', url: '/api/pdf/document-answer/research_upload/file' });

    const profile = (await client.get('/api/profile')).json<ProfileResponse>();
    expect(profile.document_answer).toEqual({
      research_upload: { file_name: 'project.docx', file_size: docx.byteLength },
    });
    expect((await client.get(DOCUMENT_ANSWERS_PATH)).json()).toEqual(profile.document_answer);

    const pdf = await client.get(done.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="project.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Only the converted PDF is kept; the original went once converted.
    expect((await storedFiles(t)).filter((f) => f.includes('research_upload'))).toEqual([
      expect.stringMatching(/\.pdf$/),
    ]);

    expect((await client.post('/api/submit')).statusCode).toBe(200);
    // After submission nothing about documents can change.
    expect((await client.post(PRESIGNED_URL_PATH, { answer_key: 'research_upload' })).statusCode).toBe(409);
    expect((await client.delete(documentAnswerPath('research_upload'))).statusCode).toBe(409);
    expect((await client.delete(documentConversionPath('research_upload'))).statusCode).toBe(409);
    expect((await client.get(DOCUMENT_ANSWERS_PATH)).json()).toEqual(profile.document_answer);
  });

  it('converts photos and PDFs, drops photo metadata, and deletes a document with its files', async () => {
    const client = await loggedInClient(t, 'photos@example.com');
    const photo = await makeJpegPhoto();
    expect(Buffer.from(photo).includes('PhoneCo')).toBe(true);
    expect((await uploadAndConvert(client, 'college_transcript_upload', 'transcript.jpg', photo)).statusCode).toBe(200);
    expect((await settledStatus(client, 'college_transcript_upload')).status).toBe('COMPLETED');
    const converted = await client.get('/api/pdf/document-answer/college_transcript_upload/file');
    expect(converted.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(converted.rawPayload.includes('PhoneCo')).toBe(false);
    expect(converted.rawPayload.includes('Exif')).toBe(false);

    expect((await uploadAndConvert(client, 'research_upload', 'scan.png', await makePng())).statusCode).toBe(200);
    expect((await settledStatus(client, 'research_upload')).status).toBe('COMPLETED');
    // Replacing a document removes the old one's files.
    expect((await uploadAndConvert(client, 'research_upload', 'project.pdf', await makePdf())).statusCode).toBe(200);
    expect((await settledStatus(client, 'research_upload')).status).toBe('COMPLETED');
    expect((await client.get(DOCUMENT_ANSWERS_PATH)).json()).toMatchObject({
      college_transcript_upload: { file_name: 'transcript.jpg' },
      research_upload: { file_name: 'project.pdf' },
    });
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'photos@example.com'");
    const mine = async () => (await storedFiles(t)).filter((f) => f.includes(rows[0]!.id));
    // One PDF per question, no originals: the replaced PNG's PDF is gone.
    expect(await mine()).toEqual([
      expect.stringMatching(/college_transcript_upload\/[^/]+\.pdf$/),
      expect.stringMatching(/research_upload\/[^/]+\.pdf$/),
    ]);
    expect((await client.delete(documentAnswerPath('research_upload'))).statusCode).toBe(200);
    expect((await client.delete(documentConversionPath('college_transcript_upload'))).statusCode).toBe(200);
    expect((await client.get(documentConversionPath('research_upload'))).json()).toEqual({
      status: 'NOT_ANSWERED',
      message: '',
      url: '',
    });
    expect((await client.get(DOCUMENT_ANSWERS_PATH)).json()).toEqual({});
    // Both PDFs gone, and nothing else of this applicant's. Counted in their own folder: the storage is shared with
    // the file's other tests, whose submitted application's copy may be stored meanwhile (it was, once, in CI).
    expect(await mine()).toEqual([]);
    expect((await client.get('/api/pdf/document-answer/research_upload/file')).statusCode).toBe(404);
  });

  describe('refuses each bad file with its message and stores nothing', () => {
    let client: TestClient;
    beforeAll(async () => {
      client = await loggedInClient(t, 'hostile@example.com');
    });
    const mine = async () =>
      (await storedFiles(t)).filter((f) => f.includes(`/research_upload/`) && f.includes(userIdPrefix));
    let userIdPrefix = '';
    beforeAll(async () => {
      const { rows } = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'hostile@example.com'");
      userIdPrefix = rows[0]!.id;
    });

    it.each([
      ['a PNG renamed .pdf', 'renamed.pdf', async () => makePng(), FILE_MESSAGES.contentMismatch],
      [
        'a program renamed .docx',
        'setup.docx',
        async () => new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
        FILE_MESSAGES.contentMismatch,
      ],
      ['a name of 33 characters', `${'n'.repeat(29)}.pdf`, async () => makePdf(), FILE_MESSAGES.nameTooLong],
      ['a type not allowed', 'notes.txt', async () => new TextEncoder().encode('hello'), FILE_MESSAGES.wrongType],
    ])('%s is refused when its conversion is asked for', async (_label, name, make, message) => {
      const res = await uploadAndConvert(client, 'research_upload', name, await make());
      expect(res.statusCode).toBe(422);
      expect(bodyOf(res)).toMatchObject({ code: 'DOCUMENT_REJECTED', message });
      expect(await mine()).toEqual([]);
      expect((await client.get(documentConversionPath('research_upload'))).json<DocumentStatusResponse>().status).toBe(
        'NOT_ANSWERED',
      );
    });

    it.each([
      ['an empty file', new Uint8Array(0), FILE_MESSAGES.empty],
      ['a file of 1 MB + 1 byte', new Uint8Array(1_048_577).fill(0x25), FILE_MESSAGES.tooLarge],
    ])('%s is refused by the upload endpoint', async (_label, bytes, message) => {
      const form = await uploadForm(client, 'research_upload');
      const res = await postUploadForm(client, form, 'file.pdf', bytes);
      expect(res.statusCode).toBe(422);
      expect(bodyOf(res)).toMatchObject({ code: 'DOCUMENT_REJECTED', message });
      expect(await mine()).toEqual([]);
      const start = await client.post(documentConversionPath('research_upload'), {
        file_key: form.fields.key,
        file_name: 'file.pdf',
      });
      expect(bodyOf(start)).toMatchObject({ code: 'DOCUMENT_REJECTED', message: FILE_MESSAGES.notUploaded });
    });

    it.each([
      ['a zip bomb', 'bomb.docx', async () => makeZipBomb(), FILE_MESSAGES.docxTooComplex],
      [
        'a docx with an externally linked image',
        'linked.docx',
        async () => makeDocxWithExternalImage(),
        FILE_MESSAGES.docxExternalContent,
      ],
      ['a docx with macros', 'macros.docx', async () => makeDocxWithMacros(), FILE_MESSAGES.docxMacros],
      ['a PDF with JavaScript', 'script.pdf', makePdfWithJavaScript, FILE_MESSAGES.pdfScripts],
      ['an encrypted PDF', 'locked.pdf', makeEncryptedPdf, FILE_MESSAGES.pdfEncrypted],
      ['an image of 64 megapixels', 'huge.png', makeHugePixelPng, FILE_MESSAGES.imageTooLarge],
    ])('%s fails its conversion, clears the question and says why', async (_label, name, make, message) => {
      const bytes = await make();
      expect(bytes.byteLength).toBeLessThanOrEqual(1_048_576);
      expect((await uploadAndConvert(client, 'research_upload', name, bytes)).statusCode).toBe(200);
      expect(await settledStatus(client, 'research_upload')).toEqual({ status: 'FAILED', message, url: '' });
      expect((await client.get(DOCUMENT_ANSWERS_PATH)).json()).toEqual({});
      expect(await mine()).toEqual([]);
    });
  });

  it('keeps each applicant to their own documents', async () => {
    const owner = await loggedInClient(t, 'owner@example.com');
    const other = await loggedInClient(t, 'other@example.com');
    const form = await uploadForm(owner, 'research_upload');
    // The owner's upload form is of no use to another applicant's session.
    expect(bodyOf(await postUploadForm(other, form, 'theirs.pdf', await makePdf()))).toMatchObject({
      code: 'UPLOAD_POLICY_INVALID',
    });
    expect((await postUploadForm(owner, form, 'mine.pdf', await makePdf())).statusCode).toBe(204);
    // Another applicant cannot convert (and so read) the owner's upload, nor see it.
    const stolen = await other.post(documentConversionPath('research_upload'), {
      file_key: form.fields.key,
      file_name: 'mine.pdf',
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      (
        await owner.post(documentConversionPath('research_upload'), {
          file_key: form.fields.key,
          file_name: 'mine.pdf',
        })
      ).statusCode,
    ).toBe(200);
    expect((await settledStatus(owner, 'research_upload')).status).toBe('COMPLETED');
    expect((await other.get(documentConversionPath('research_upload'))).json<DocumentStatusResponse>().status).toBe(
      'NOT_ANSWERED',
    );
    expect((await other.get('/api/pdf/document-answer/research_upload/file')).statusCode).toBe(404);
    expect((await other.delete(documentAnswerPath('research_upload'))).statusCode).toBe(200);
    expect((await owner.get(documentConversionPath('research_upload'))).json<DocumentStatusResponse>().status).toBe(
      'COMPLETED',
    );
    // A used upload form cannot start a second document.
    expect(
      (
        await owner.post(documentConversionPath('research_upload'), {
          file_key: form.fields.key,
          file_name: 'mine.pdf',
        })
      ).statusCode,
    ).toBe(404);
    // Only file questions take files.
    expect(bodyOf(await owner.post(PRESIGNED_URL_PATH, { answer_key: 'first_name' }))).toMatchObject({
      code: 'NOT_A_FILE_QUESTION',
    });

    const anonymous = t.client();
    for (const res of [
      await anonymous.post(PRESIGNED_URL_PATH, { answer_key: 'research_upload' }),
      await anonymous.post(documentConversionPath('research_upload'), {
        file_key: form.fields.key,
        file_name: 'mine.pdf',
      }),
      await anonymous.get(documentConversionPath('research_upload')),
      await anonymous.get('/api/pdf/document-answer/research_upload/file'),
      await anonymous.delete(documentConversionPath('research_upload')),
      await anonymous.get(DOCUMENT_ANSWERS_PATH),
      await anonymous.delete(documentAnswerPath('research_upload')),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('accepts an upload only under its signed, unexpired policy and exact key', async () => {
    const client = await loggedInClient(t, 'policy@example.com');
    const pdf = await makePdf();
    const form = await uploadForm(client, 'research_upload');
    const otherKey = { ...form, fields: { ...form.fields, key: form.fields.key!.replace('upload-', 'upload-x') } };
    expect(bodyOf(await postUploadForm(client, otherKey, 'a.pdf', pdf))).toMatchObject({
      code: 'UPLOAD_POLICY_INVALID',
    });
    const forged = { ...form, fields: { ...form.fields, signature: '00'.repeat(32) } };
    expect((await postUploadForm(client, forged, 'a.pdf', pdf)).statusCode).toBe(403);
    t.clock.advance(11 * 60 * 1000);
    expect((await postUploadForm(client, form, 'a.pdf', pdf)).statusCode).toBe(403);
    expect(await storedFiles(t).then((f) => f.filter((x) => x.includes(form.fields.key!)))).toEqual([]);
  });

  it('switching a tab is refused while its document converts, then deletes that document', async () => {
    const client = await loggedInClient(t, 'tabs@example.com');
    expect(
      (await uploadAndConvert(client, 'college_transcript_upload', 'transcript.docx', makeDocx())).statusCode,
    ).toBe(200);
    const refused = await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: 'later' });
    expect(refused.statusCode).toBe(409);
    expect(bodyOf(refused)).toMatchObject({ code: 'CONVERSION_IN_PROGRESS', message: FILE_MESSAGES.uploadInProgress });
    expect((await settledStatus(client, 'college_transcript_upload')).status).toBe('COMPLETED');
    const files = (await storedFiles(t)).length;
    expect((await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: 'later' })).statusCode).toBe(200);
    expect(
      (await client.get(documentConversionPath('college_transcript_upload'))).json<DocumentStatusResponse>().status,
    ).toBe('NOT_ANSWERED');
    expect((await storedFiles(t)).length).toBe(files - 1);
  });
});
