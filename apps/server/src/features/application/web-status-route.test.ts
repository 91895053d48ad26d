import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveWebStatus, ERROR_MESSAGES } from '@admissions/domain';
import { historyRows, loggedInClient, markSubmitted, profileOf } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/web-status', () => {
  it('records started, then validating, each once, in order', async () => {
    const client = await loggedInClient(t, 'status.order@example.edu');
    const started = await client.post('/api/web-status', { web_status: 'started' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ web_status: 'started' });
    expect((await profileOf(client)).web_status).toEqual([{ web_status: 'started' }]);

    t.clock.advance(1000);
    const validating = await client.post('/api/web-status', { web_status: 'validating' });
    expect(validating.statusCode).toBe(200);
    expect(validating.json()).toEqual({ web_status: 'validating' });
    const profile = await profileOf(client);
    expect(profile.web_status).toEqual([{ web_status: 'started' }, { web_status: 'validating' }]);
    expect(deriveWebStatus(profile.web_status)).toBe('validating');
  });

  it('answers a repeated status with success but never lists it twice (the client retries)', async () => {
    const email = 'status.repeat@example.edu';
    const client = await loggedInClient(t, email);
    for (let i = 0; i < 3; i++) {
      const res = await client.post('/api/web-status', { web_status: 'started' });
      expect(res.statusCode).toBe(200);
    }
    const parallel = await Promise.all(
      [1, 2, 3, 4, 5].map(() => client.post('/api/web-status', { web_status: 'validating' })),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await profileOf(client)).web_status).toEqual([{ web_status: 'started' }, { web_status: 'validating' }]);
    expect((await historyRows(t, email)).filter((h) => h.kind === 'web_status')).toEqual([
      { kind: 'web_status', changes: { web_status: 'started' } },
      { kind: 'web_status', changes: { web_status: 'validating' } },
    ]);
  });

  it.each([['none'], ['finished'], ['STARTED'], [''], [1]])(
    'refuses the status %j with 400 BAD_REQUEST',
    async (status) => {
      const client = await loggedInClient(t, `status.bad.${String(status).toLowerCase() || 'empty'}@example.edu`);
      const res = await client.post('/api/web-status', { web_status: status });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', errors: { web_status: [expect.any(String)] } });
      expect((await profileOf(client)).web_status).toEqual([]);
    },
  );

  it("refuses 'submitted' before a submission with 422 APPLICATION_INCOMPLETE and records nothing", async () => {
    const email = 'status.early-submit@example.edu';
    const client = await loggedInClient(t, email);
    await client.post('/api/web-status', { web_status: 'started' });
    await client.post('/api/web-status', { web_status: 'validating' });
    const res = await client.post('/api/web-status', { web_status: 'submitted' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'APPLICATION_INCOMPLETE',
      message: 'The application has not been submitted yet.',
    });
    const profile = await profileOf(client);
    expect(profile.web_status).toEqual([{ web_status: 'started' }, { web_status: 'validating' }]);
    expect(deriveWebStatus(profile.web_status)).toBe('validating');
  });

  it("accepts 'submitted' once the application is submitted, and then refuses going back", async () => {
    const client = await loggedInClient(t, 'status.submitted@example.edu');
    await client.post('/api/web-status', { web_status: 'started' });
    await client.post('/api/web-status', { web_status: 'validating' });
    await markSubmitted(t, 'status.submitted@example.edu');

    const res = await client.post('/api/web-status', { web_status: 'submitted' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ web_status: 'submitted' });
    expect((await client.post('/api/web-status', { web_status: 'submitted' })).statusCode).toBe(200);

    const back = await client.post('/api/web-status', { web_status: 'started' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ code: 'APPLICATION_SUBMITTED', message: ERROR_MESSAGES.APPLICATION_SUBMITTED });

    const profile = await profileOf(client);
    expect(profile.web_status).toEqual([
      { web_status: 'started' },
      { web_status: 'validating' },
      { web_status: 'submitted' },
    ]);
    expect(deriveWebStatus(profile.web_status)).toBe('submitted');
  });
});
