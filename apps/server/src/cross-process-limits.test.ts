import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { ANSWER_SAVE_LIMITS } from './features/application/answer-route';
import { LOOKUP_CALLS_PER_MINUTE } from './features/lookup/lookup-routes';
import { PDF_LIMITS } from './features/pdf/pdf-routes';
import { AppError } from './http/app-error';
import { createSharedRateLimit } from './http/shared-rate-limit';
import { MINUTE } from './infra/time-units';
import { loggedInClient } from './test-support/application-helpers';
import { startTestApp, TestClient, type TestApp } from './test-support/test-app';

/**
 * Issue 31: the limits that used to live in one process's memory hold across
 * processes. Two app instances on one database, each with its own memory (as
 * two processes behind a balancer); calls alternate between them.
 */
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp();
  other = await buildApp(t.deps, pino({ level: 'silent' }));
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** The same browser (its cookies, its address) on the other instance. */
function sameBrowserOn(app: FastifyInstance, client: TestClient) {
  const twin = new TestClient(app, '203.0.113.10', new URL(t.deps.config.publicUrl).origin);
  for (const [k, v] of client.cookies) twin.cookies.set(k, v);
  return twin;
}

describe('limits shared by two app instances on one database', () => {
  it(`PDF copies: ${PDF_LIMITS.perMinute} a minute in all, whichever instance draws them, then 429 on both`, async () => {
    const onA = await loggedInClient(t, 'two.copies@example.edu');
    const onB = sameBrowserOn(other, onA);
    for (let i = 0; i < PDF_LIMITS.perMinute; i++) {
      const res = await (i % 2 ? onB : onA).get('/api/pdf/file');
      expect(res.statusCode).toBe(200);
    }
    for (const client of [onA, onB]) {
      const refused = await client.get('/api/pdf/file');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another applicant is not held back by the first one's spent window.
    const someoneElse = await loggedInClient(t, 'two.copies.other@example.edu');
    expect((await sameBrowserOn(other, someoneElse).get('/api/pdf/file')).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect((await onB.get('/api/pdf/file')).statusCode).toBe(200);
  }, 60_000);

  it(`lookups: ${LOOKUP_CALLS_PER_MINUTE} a minute per client address in all, then 429 on both instances`, async () => {
    const onA = t.client('198.51.100.77');
    const onB = new TestClient(other, '198.51.100.77', new URL(t.deps.config.publicUrl).origin);
    const find = '/lookup/find?category=college_ceeb&text=state';
    for (let i = 0; i < LOOKUP_CALLS_PER_MINUTE; i++) {
      const res = await (i % 2 ? onB : onA).get(find);
      if (res.statusCode !== 200) throw new Error(`call ${i + 1} answered ${res.statusCode}: ${res.body}`);
    }
    for (const client of [onA, onB]) {
      const refused = await client.get(find);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
    // Another address still gets answers.
    expect((await t.client('198.51.100.78').get(find)).statusCode).toBe(200);
  }, 120_000);

  it(`answer saves: two processes' leases never let through more than ${ANSWER_SAVE_LIMITS.savesPerMinute} a minute`, async () => {
    const options = { name: 'answer-saves', max: ANSWER_SAVE_LIMITS.savesPerMinute, windowMs: MINUTE, lease: 30 };
    const processA = createSharedRateLimit(t.db, options);
    const processB = createSharedRateLimit(t.db, options);
    const now = t.clock.now().getTime();
    let allowed = 0;
    let refused = 0;
    for (let i = 0; i < 2 * ANSWER_SAVE_LIMITS.savesPerMinute; i++) {
      try {
        await (i % 2 ? processB : processA).hit('session-hash-of-one-applicant', now);
        allowed += 1;
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).code).toBe('RATE_LIMITED');
        refused += 1;
      }
    }
    // Kept in memory per process, each would have let 600 through: 1,200 in all.
    expect(allowed).toBeLessThanOrEqual(ANSWER_SAVE_LIMITS.savesPerMinute);
    // At most one lease per process is claimed and left unspent.
    expect(allowed).toBeGreaterThanOrEqual(ANSWER_SAVE_LIMITS.savesPerMinute - 2 * options.lease);
    expect(refused).toBe(2 * ANSWER_SAVE_LIMITS.savesPerMinute - allowed);
  }, 60_000);
});
