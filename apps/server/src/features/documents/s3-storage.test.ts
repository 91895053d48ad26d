import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  documentConversionPath,
  FILE_MESSAGES,
  type DocumentStatusResponse,
  type PresignedUrlResponse,
} from '@admissions/domain';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { listConvertedDocuments } from './converted-documents';
import { settledStatus, uploadForm } from '../../test-support/document-helpers';
import { makePdf } from './test-files';

/**
 * The S3 backend against s3rver, a local S3-compatible server. s3rver checks
 * neither signatures nor policies, so this proves the flow and what our own
 * code checks (the stored object's size and type), not S3's enforcement of
 * the policy, which is asserted on the policy document itself.
 */
describe('documents in S3-compatible storage', () => {
  let t: TestApp;
  let s3: S3rver;
  let dir: string;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ap-s3rver-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'documents' }],
    });
    const { port } = await s3.run();
    // Credentials come from the standard AWS variables, as in production.
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    t = await startTestApp({
      S3_BUCKET: 'documents',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await rm(dir, { recursive: true, force: true });
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
  });

  const post = async (form: PresignedUrlResponse, name: string, bytes: Uint8Array) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
    body.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    return fetch(form.url, { method: 'POST', body });
  };
  const exists = async (key: string) => {
    // The test's own client on the same bucket: what is really stored, whatever the app says.
    const config = t.deps.config.storage;
    if (config.kind !== 's3') throw new Error('the app is not on S3');
    const client = new S3Client({ region: config.region, endpoint: config.endpoint, forcePathStyle: true });
    return client.send(new HeadObjectCommand({ Bucket: 'documents', Key: key })).then(
      () => true,
      () => false,
    );
  };

  it('uploads by presigned POST, converts, lists, and deletes the objects', async () => {
    const client = await loggedInClient(t, 's3@example.com');
    const form = await uploadForm(client, 'research_upload');
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([['content-length-range', 1, 1_048_576], { key: form.fields.key }]),
    );
    expect(form.fields.key).toMatch(/^documents\/[0-9a-f-]{36}\/research_upload\/upload-[0-9a-f-]{36}$/);
    // The pages let the browser post there.
    const csp = (await client.get('/')).headers['content-security-policy'] as string;
    expect(csp).toContain(`connect-src 'self' ${new URL(form.url).origin}`);

    const pdf = await makePdf();
    expect((await post(form, 'project.pdf', pdf)).status).toBe(204);
    const started = await client.post(documentConversionPath('research_upload'), {
      file_key: form.fields.key,
      file_name: 'project.pdf',
    });
    expect(started.statusCode).toBe(200);
    const done = await settledStatus(client, 'research_upload');
    expect(done.status).toBe('COMPLETED');
    expect(await exists(form.fields.key!)).toBe(false);

    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = 's3@example.com'");
    const converted = await listConvertedDocuments(t.deps, rows[0]!.id);
    expect(converted.map(({ answerKey, fileName, fileSize }) => ({ answerKey, fileName, fileSize }))).toEqual([
      { answerKey: 'research_upload', fileName: 'project.pdf', fileSize: pdf.byteLength },
    ]);
    const bytes = await converted[0]!.readPdf();
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect((await client.get(done.url)).rawPayload.equals(Buffer.from(bytes))).toBe(true);

    const { rows: docs } = await t.db.query<{ pdf_key: string }>('SELECT pdf_key FROM documents WHERE user_id = $1', [
      rows[0]!.id,
    ]);
    expect(await exists(docs[0]!.pdf_key)).toBe(true);
    expect((await client.delete('/api/document-answer/research_upload')).statusCode).toBe(200);
    expect(await exists(docs[0]!.pdf_key)).toBe(false);
    expect((await client.get(documentConversionPath('research_upload'))).json<DocumentStatusResponse>().status).toBe(
      'NOT_ANSWERED',
    );
  });

  it('re-checks the stored object: one the store let through at 1 MB + 1 byte is refused and removed', async () => {
    const client = await loggedInClient(t, 's3-large@example.com');
    const form = await uploadForm(client, 'research_upload');
    const large = new Uint8Array(1_048_577);
    large.set(await makePdf());
    expect((await post(form, 'large.pdf', large)).status).toBe(204);
    expect(await exists(form.fields.key!)).toBe(true);
    const res = await client.post(documentConversionPath('research_upload'), {
      file_key: form.fields.key,
      file_name: 'large.pdf',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'DOCUMENT_REJECTED', message: FILE_MESSAGES.tooLarge });
    expect(await exists(form.fields.key!)).toBe(false);
  });

  it('copies an object where it is (issue 42), and answers false for a missing one', async () => {
    const bytes = await makePdf('Copied');
    await t.deps.storage.write('documents/copy-test/a.pdf', bytes, 'application/pdf');
    expect(await t.deps.storage.copy('documents/copy-test/a.pdf', 'documents/copy-test/b.pdf')).toBe(true);
    await t.deps.storage.remove('documents/copy-test/a.pdf');
    expect(await t.deps.storage.read('documents/copy-test/b.pdf', 1_048_576)).toEqual(bytes);
    expect(await t.deps.storage.copy('documents/copy-test/a.pdf', 'documents/copy-test/c.pdf')).toBe(false);
  });
});
