import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DELETE_ACCOUNT_PATH, type PresignedUrlResponse } from '@admissions/domain';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, userIdOf } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { settledStatus, uploadForm } from '../../test-support/document-helpers';
import { makePdf } from '../documents/test-files';

/** Deleting an account removes its objects from an S3-compatible store (s3rver) too, strays included. */
describe('deleting an account on S3 storage', () => {
  let t: TestApp;
  let s3: S3rver;
  let dir: string;
  let endpoint: string;
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
    endpoint = `http://127.0.0.1:${port}`;
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    t = await startTestApp({ S3_BUCKET: 'documents', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
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
  /** What the bucket really holds under a prefix, asked with the test's own client. */
  const keysUnder = async (prefix: string) => {
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
    const page = await client.send(new ListObjectsV2Command({ Bucket: 'documents', Prefix: prefix }));
    return (page.Contents ?? []).map((o) => o.Key!).sort();
  };

  it('removes the converted document and an upload no row names', async () => {
    const email = 's3.leaving@example.edu';
    const client = await loggedInClient(t, email);
    const userId = await userIdOf(t, email);
    const form = await uploadForm(client, 'research_upload');
    expect((await post(form, 'project.pdf', await makePdf())).status).toBe(204);
    expect(
      (
        await client.post('/api/pdf/document-answer/research_upload', {
          file_key: form.fields.key,
          file_name: 'project.pdf',
        })
      ).statusCode,
    ).toBe(200);
    expect((await settledStatus(client, 'research_upload')).status).toBe('COMPLETED');
    const stray = await uploadForm(client, 'college_transcript_upload');
    expect((await post(stray, 'draft.pdf', await makePdf())).status).toBe(204);
    const other = await loggedInClient(t, 's3.staying@example.edu');
    const kept = await uploadForm(other, 'research_upload');
    expect((await post(kept, 'mine.pdf', await makePdf())).status).toBe(204);
    expect((await keysUnder(`documents/${userId}/`)).length).toBe(2);

    const res = await client.request('DELETE', DELETE_ACCOUNT_PATH, { confirm_username: email });
    expect(res.statusCode).toBe(200);

    expect(await keysUnder(`documents/${userId}/`)).toEqual([]);
    expect(await keysUnder(kept.fields.key!)).toEqual([kept.fields.key]);
  });
});
