import { PDF_COPY_FAILED_MESSAGE } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedInClient, save } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';

// Every drawing fails, as it would if react-pdf threw or its thread died.
vi.mock('./pdf-renderer', () => ({
  createPdfRenderer: () => ({
    render: () => Promise.reject(new Error('layout exploded')),
    close: () => Promise.resolve(),
  }),
}));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a copy that cannot be drawn', () => {
  it('is reported as failed once its drawing failed, with the message of SPEC section 8 and no link', async () => {
    const client = await loggedInClient(t, 'pdf-failure@example.edu');
    // The status draws nothing: until a drawing fails, the copy is offered.
    expect((await expectOk(await client.get('/api/pdf'))).json()).toMatchObject({ status: 'completed' });
    expect((await client.get('/api/pdf/file')).statusCode).toBe(500);
    const res = await expectOk(await client.get('/api/pdf'));
    expect(res.json()).toEqual({
      status: 'failed',
      url: '',
      message: 'Error downloading PDF copy of your application.',
    });
    expect(PDF_COPY_FAILED_MESSAGE).toBe('Error downloading PDF copy of your application.');
    // A change of the answers is a new copy, offered again.
    await save(client, { first_name: 'Changed' });
    expect((await expectOk(await client.get('/api/pdf'))).json()).toMatchObject({ status: 'completed' });
  });

  it('is not offered as a file: a 500 with the same message, never a broken PDF', async () => {
    const client = await loggedInClient(t, 'pdf-failure-file@example.edu');
    const res = await client.get('/api/pdf/file');
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      code: 'INTERNAL',
      message: PDF_COPY_FAILED_MESSAGE,
      request_id: res.headers['x-request-id'],
    });
  });
});
