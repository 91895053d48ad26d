import {
  documentConversionPath,
  isDocumentWaiting,
  PRESIGNED_URL_PATH,
  type DocumentStatusResponse,
  type PresignedUrlResponse,
} from '@admissions/domain';
import type { LightMyRequestResponse } from 'fastify';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expectOk, type TestApp, type TestClient } from './test-app';

/** A multipart body as a browser's FormData makes it: the fields in order, then the file. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; field?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.field ?? 'file', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  const request = new Request('http://multipart.invalid/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** Posts an upload form to the embedded store's endpoint as the browser does (same origin, with its cookies). */
export async function postUploadForm(client: TestClient, form: PresignedUrlResponse, name: string, bytes: Uint8Array) {
  const { payload, contentType } = await multipart(form.fields, { name, bytes });
  return client.request(
    'POST',
    new URL(form.url).pathname,
    undefined,
    { 'content-type': contentType, 'sec-fetch-site': 'same-origin' },
    payload,
  );
}

export async function uploadForm(client: TestClient, answerKey: string): Promise<PresignedUrlResponse> {
  return (
    await expectOk(await client.post(PRESIGNED_URL_PATH, { answer_key: answerKey }))
  ).json<PresignedUrlResponse>();
}

/** Presign, upload and start the conversion: what the widget does. Returns the answer of the start call. */
export async function uploadAndConvert(
  client: TestClient,
  answerKey: string,
  name: string,
  bytes: Uint8Array,
): Promise<LightMyRequestResponse> {
  const form = await uploadForm(client, answerKey);
  const uploaded = await postUploadForm(client, form, name, bytes);
  if (uploaded.statusCode !== 204) throw new Error(`upload refused: ${uploaded.statusCode} ${uploaded.body}`);
  const res = await client.post(documentConversionPath(answerKey), { file_key: form.fields.key, file_name: name });
  return res;
}

/** Polls the status as the widget does until it stops waiting. */
export async function settledStatus(
  client: TestClient,
  answerKey: string,
  timeoutMs = 60_000,
): Promise<DocumentStatusResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await expectOk(await client.get(documentConversionPath(answerKey)))).json<DocumentStatusResponse>();
    if (!isDocumentWaiting(status.status)) return status;
    if (Date.now() > deadline) throw new Error(`still ${status.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every file the embedded store holds (uploads and PDFs), relative to its folder. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const dir = t.deps.config.storage.kind === 'local' ? t.deps.config.storage.dir : '';
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .filter((p) => !p.startsWith('.incoming'))
      .sort();
  } catch {
    return [];
  }
}
