import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const log: Record<string, unknown>[] = [];
beforeAll(async () => {
  t = await startTestApp({}, { onLog: (entry) => log.push(entry) });
});
afterAll(async () => {
  await t?.close();
});

const report = {
  message: 'Cannot read properties of undefined',
  route: '/education-alr',
  stack: 'TypeError: at SchoolBlock',
};

describe('POST /public/client-error', () => {
  it('logs the error with its route and a request id, and answers that id as the reference (202)', async () => {
    const res = await t.client('198.51.100.1').post('/public/client-error', report);
    expect(res.statusCode).toBe(202);
    const { request_id } = res.json<{ request_id: string }>();
    expect(request_id).toMatch(/^[0-9a-f-]{36}$/);
    const line = log.find((entry) => entry.requestId === request_id);
    expect(line).toMatchObject({
      level: 50,
      route: '/education-alr',
      clientError: { message: report.message, stack: report.stack },
      msg: 'client error: a page failed to render in the browser',
    });
  });

  it('refuses the 11th report within a minute from one address (429), and still takes others', async () => {
    const now = t.clock.now().getTime();
    t.clock.advance(60_000 - (now % 60_000));
    const noisy = t.client('198.51.100.2');
    for (let i = 0; i < 10; i++) expect((await noisy.post('/public/client-error', report)).statusCode).toBe(202);
    const refused = await noisy.post('/public/client-error', report);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await t.client('198.51.100.3').post('/public/client-error', report)).statusCode).toBe(202);
  });

  it('refuses a report that is not one (400), and one from another site (403)', async () => {
    expect(
      (await t.client('198.51.100.4').post('/public/client-error', { message: 'x'.repeat(1001), route: '/' }))
        .statusCode,
    ).toBe(400);
    const foreign = await t
      .client('198.51.100.4')
      .post('/public/client-error', report, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
  });
});
