import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Db, Queryable } from './infra/db/db';
import { PASSWORD, signUp } from './test-support/account-helpers';
import { startTestApp, TestClient, type TestApp } from './test-support/test-app';

/**
 * Issue 27, item 4, the part that does not depend on a machine's load: an
 * account call does the same database work for an address with an account as
 * for one without. Each call's statements (their text, in order, as the app
 * sends them; not the mail worker's, which runs after the answer) and its
 * answer are compared. The time itself is measured by `npm run bench:enumeration`
 * (bench/enumeration-timing.bench.ts): timing on a loaded two-core machine made a flaky test.
 */
let t: TestApp;
let app: FastifyInstance;
let statements: string[] = [];

function recording(q: Queryable): Queryable {
  return {
    query: (text, params, options) => {
      statements.push(text.replace(/\s+/g, ' ').trim());
      return q.query(text, params, options);
    },
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const db: Db = {
    ...t.db,
    ...recording(t.db),
    // How a transaction ends is part of its work: one that wrote commits with a WAL flush, a read-only one
    // without, and the difference shows in the answer's time (issue 48, item 10).
    transaction: (fn) =>
      t.db.transaction(async (tx) => {
        const result = await fn(recording(tx));
        const { rows } = await tx.query<{ wrote: boolean }>('SELECT txid_current_if_assigned() IS NOT NULL AS wrote');
        statements.push(rows[0]!.wrote ? '(a commit that wrote)' : '(a read-only commit)');
        return result;
      }),
  };
  app = await buildApp({ ...t.deps, db }, pino({ level: 'silent' }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

let ip = 0;
async function call(url: string, body: object) {
  statements = [];
  ip += 1;
  const res = await new TestClient(app, `198.51.100.${ip}`).post(url, body);
  await t.mailDelivered();
  return { status: res.statusCode, body: res.body, statements };
}

describe('an account call does the same database work for a known and an unknown address', () => {
  it('confirm: a wrong code for an account waiting for its code, and any code for an unknown address', async () => {
    await signUp(t, t.client(), 'confirm.known@example.edu');
    const known = await call('/public/confirm', { username: 'confirm.known@example.edu', code: '000000' });
    const unknown = await call('/public/confirm', { username: 'confirm.nobody@example.edu', code: '000000' });
    expect(known.status).toBe(400);
    // The wrong guess is counted on the account's code: its transaction writes, and so must the other.
    expect(known.statements).toContain('(a commit that wrote)');
    expect(unknown).toEqual(known);
  });

  it('resend-confirm, right after the sign-up e-mail', async () => {
    await signUp(t, t.client(), 'resend.known@example.edu');
    const known = await call('/public/resend-confirm', { username: 'resend.known@example.edu' });
    const unknown = await call('/public/resend-confirm', { username: 'resend.nobody@example.edu' });
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
  });

  it('sign-up: an address that already has an account, and a new one', async () => {
    await signUp(t, t.client(), 'signup.known@example.edu');
    const known = await call('/public/signup', { username: 'signup.known@example.edu', password: PASSWORD });
    const unknown = await call('/public/signup', { username: 'signup.new@example.edu', password: PASSWORD });
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
  });

  it('forgot-password', async () => {
    await signUp(t, t.client(), 'forgot.known@example.edu');
    const known = await call('/public/forgot-password', { username: 'forgot.known@example.edu' });
    const unknown = await call('/public/forgot-password', { username: 'forgot.nobody@example.edu' });
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
  });

  it('login with a wrong password', async () => {
    await signUp(t, t.client(), 'login.known@example.edu');
    const known = await call('/public/login', { username: 'login.known@example.edu', password: `${PASSWORD}x` });
    const unknown = await call('/public/login', { username: 'login.nobody@example.edu', password: `${PASSWORD}x` });
    expect(known.status).toBe(400);
    expect(unknown).toEqual(known);
  });
});
