import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PaymentsResponse } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../infra/db/create-db';
import type { Db } from '../../infra/db/db';
import { processDatabase } from '../../test-support/process-database';
import { freePort, startServerProcess, type ServerProcess } from '../../test-support/server-process';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in';

const PASSWORD = 'Correct-Horse-42';
const WEBHOOK_SECRET = 'whsec_checkout_crash_0123456789';
const SECRET_KEY = 'checkout-crash-keeps-this-secret-key-0123456789abcdef';
const SESSIONS_PATH = '/v1/checkout/sessions';

/** One browser: its cookies, and the origin header the server's CSRF check wants. */
class Browser {
  readonly cookies = new Map<string, string>();
  async call(base: string, method: string, url: string, body?: object) {
    const res = await fetch(base + url, {
      method,
      headers: {
        origin: base,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }
}

interface Payer {
  email: string;
  browser: Browser;
  userId: string;
  /** The session the killed process asked for: made at the provider, never answered to the product. */
  sessionId: string;
}

/**
 * Issue 43: no money state is lost when a process dies between the provider's answer and the database. The real
 * server (src/server.ts in its own process) asks the Stripe stand-in for a Checkout Session under the
 * application's row lock, and is killed with SIGKILL after the stand-in has made the session and before its answer
 * arrives: the session exists at the provider, the product never committed its row. Started again on the same
 * database, each way back converges on one row, counted once, with one receipt:
 * - the provider's signed webhook for that session (the row is adopted from the session's metadata);
 * - the applicant's return, POST /api/payments/confirm, with no webhook at all (the session is read back);
 * - a checkout asked again: the same idempotency key (`application:purpose:1`, no row took attempt 1) gets the
 *   same session back from the provider, never a second payable one.
 * Each is an applicant of its own, each killed in its own checkout; then webhook and confirm both come for all.
 */
describe('a checkout survives kill -9 between the provider’s answer and the commit', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let sink: SmtpSink;
  let stripe: StripeStandIn;
  let pgDb: Db | undefined;
  /** Set while a checkout is to be killed: the stand-in hands it the path before answering. */
  let killOnAnswer: ((path: string) => Promise<void>) | undefined;

  /** One port for every start, as a deployment's address stays: the session's return URLs stay the same too. */
  let port: number;
  const start = async () => {
    server = await startServerProcess(env, { port });
    stripe.setWebhookUrl(`${server.url}/api/payments/webhook`);
  };

  const kill9 = async () => {
    const child = server!;
    server = undefined;
    child.child.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');
  };

  /** The database as the server left it: PostgreSQL any time, PGlite (one owner) only while no server runs. */
  const withDb = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    if (pgDb) return fn(pgDb);
    if (server) throw new Error('PGlite is the running server’s: stop it first');
    const db = await createDb({ databaseUrl: undefined, dataDir });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };

  const paymentRows = (userId: string) =>
    withDb(
      async (db) =>
        (
          await db.query<{ state: string; amount: number; provider_session_id: string; attempt: number }>(
            'SELECT state, amount, provider_session_id, attempt FROM payments WHERE user_id = $1 ORDER BY created_at',
            [userId],
          )
        ).rows,
    );

  /** Signs up, confirms with the code from the sink, logs in, saves complete answers and submits, over HTTP. */
  const submitted = async (email: string) => {
    const base = server!.url;
    const browser = new Browser();
    expect((await browser.call(base, 'POST', '/public/signup', { username: email, password: PASSWORD })).status).toBe(
      200,
    );
    await expect.poll(() => sink.to(email).length, { timeout: 30_000 }).toBe(1);
    const code = /Your confirmation code is: (\d{6})\b/.exec(sink.last(email).text)?.[1];
    expect((await browser.call(base, 'POST', '/public/confirm', { username: email, code })).status).toBe(200);
    expect((await browser.call(base, 'POST', '/public/login', { username: email, password: PASSWORD })).status).toBe(
      200,
    );
    expect((await browser.call(base, 'PUT', '/api/answer', completeAnswers())).status).toBe(200);
    expect((await browser.call(base, 'POST', '/api/submit')).status).toBe(200);
    return browser;
  };

  /**
   * The applicant asks to pay; the stand-in makes the session, then the process is killed before the answer
   * leaves. The call fails (its connection reset); the server is started again on the same database.
   */
  const killedCheckout = async (email: string): Promise<Payer> => {
    const browser = await submitted(email);
    const base = server!.url;
    let asked = 0;
    killOnAnswer = async (path) => {
      if (path !== SESSIONS_PATH) return;
      asked++;
      killOnAnswer = undefined;
      await kill9();
    };
    const made = stripe.sessions.size;
    const call = await browser.call(base, 'POST', '/api/payments/checkout', { purpose: 'application_fee' }).then(
      () => 'answered',
      () => 'no answer',
    );
    expect([call, asked]).toEqual(['no answer', 1]);
    expect(stripe.sessions.size).toBe(made + 1);
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(session).toMatchObject({ status: 'open', customer_email: email, metadata: { purpose: 'application_fee' } });
    const userId = session.metadata.application_id!;
    // The provider has the session; the product has no row of it (its transaction died with the process).
    expect(await paymentRows(userId)).toEqual([]);
    await start();
    return { email, browser, userId, sessionId: session.id };
  };

  const confirm = async (payer: Payer) => {
    const res = await payer.browser.call(server!.url, 'POST', '/api/payments/confirm', { session_id: payer.sessionId });
    expect(res.status).toBe(200);
    return res.json as unknown as PaymentsResponse;
  };

  /** The provider's webhook for the session as it is now, signed, to the running process; answers its status. */
  const webhook = async (payer: Payer) => {
    const event = stripe.event('checkout.session.completed', stripe.sessions.get(payer.sessionId));
    return { event, status: (await stripe.deliver(event)).status };
  };

  const receipts = (payer: Payer) => sink.to(payer.email).filter((m) => m.subject.startsWith('Receipt'));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ap-checkout-crash-'));
    sink = await startSmtpSink();
    stripe = await startStripeStandIn({
      webhookSecret: WEBHOOK_SECRET,
      beforeAnswer: async (path) => killOnAnswer?.(path),
    });
    const database = await processDatabase();
    pgDb = database.db;
    port = await freePort();
    env = {
      DATA_DIR: dataDir,
      SECRET_KEY,
      LOG_LEVEL: 'info',
      SMTP_URL: sink.url,
      MAIL_PER_IP_LIMIT: '100000',
      STAFF_EMAILS: 'bursar@college.test',
      STRIPE_SECRET_KEY: stripe.apiKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      ...database.env,
    };
    await start();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await pgDb?.close();
    await stripe?.close();
    await sink?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'webhook, return and a second checkout each converge on one row, paid once, one receipt',
    { timeout: 300_000 },
    async () => {
      const byWebhook = await killedCheckout('killed.webhook@example.edu');
      const byReturn = await killedCheckout('killed.return@example.edu');
      const askedAgain = await killedCheckout('killed.again@example.edu');
      const payers = [byWebhook, byReturn, askedAgain];

      // (c) Asked again after the restart: the same key, the provider's answer replayed, the same session.
      const again = await askedAgain.browser.call(server!.url, 'POST', '/api/payments/checkout', {
        purpose: 'application_fee',
      });
      expect(again.status).toBe(200);
      expect(again.json.url).toBe(stripe.sessions.get(askedAgain.sessionId)!.url);
      const asks = stripe.requests.filter(
        (r) => r.path === SESSIONS_PATH && r.body.client_reference_id === askedAgain.userId,
      );
      expect(asks.map((r) => r.idempotencyKey)).toEqual([
        `${askedAgain.userId}:application_fee:1`,
        `${askedAgain.userId}:application_fee:1`,
      ]);
      const theirs = [...stripe.sessions.values()].filter((s) => s.metadata.application_id === askedAgain.userId);
      expect(theirs.map((s) => s.id)).toEqual([askedAgain.sessionId]);
      // Paid on the provider's page, its webhook coming.
      stripe.complete(askedAgain.sessionId, { deliver: false });
      expect((await webhook(askedAgain)).status).toBe(200);

      // (a) The provider's webhook for the session the product never wrote: the row comes from its metadata.
      stripe.complete(byWebhook.sessionId, { deliver: false });
      const first = await webhook(byWebhook);
      expect(first.status).toBe(200);
      // Stored and answered at once, then applied by the process (its settling work): paid with no return at all.
      // (Asked of the running server: PGlite's database is the server's while it runs.)
      const feeState = async (payer: Payer) => {
        const res = await payer.browser.call(server!.url, 'GET', '/api/payments');
        return (res.json as unknown as PaymentsResponse).fees.find((f) => f.purpose === 'application_fee')?.state;
      };
      await expect.poll(() => feeState(byWebhook), { timeout: 30_000 }).toBe('paid');
      // The same event again, and the applicant's return after it: nothing more.
      expect((await stripe.deliver(first.event)).status).toBe(200);

      // (b) The applicant's return with no webhook at all: the session is read back from the provider.
      stripe.complete(byReturn.sessionId, { deliver: false });
      expect((await confirm(byReturn)).fees.find((f) => f.purpose === 'application_fee')?.state).toBe('paid');

      // Then each gets the other way too (a webhook after the return, a return after the webhook): still once.
      expect((await webhook(byReturn)).status).toBe(200);
      for (const payer of payers) {
        const mine = await confirm(payer);
        expect(mine.fees.find((f) => f.purpose === 'application_fee')?.state).toBe('paid');
        expect(mine.payments).toEqual([
          expect.objectContaining({
            amount: 7500,
            state: 'paid',
            method: 'stripe',
            reference: stripe.sessions.get(payer.sessionId)!.payment_intent,
          }),
        ]);
      }
      // Paid: no checkout is handed out any more.
      const paid = await askedAgain.browser.call(server!.url, 'POST', '/api/payments/checkout', {
        purpose: 'application_fee',
      });
      expect([paid.status, paid.json.code]).toEqual([409, 'FEE_NOT_DUE']);

      // One receipt each, queued in the transaction that counted the payment.
      await expect.poll(() => payers.map((p) => receipts(p).length), { timeout: 30_000 }).toEqual([1, 1, 1]);
      await new Promise((r) => setTimeout(r, 1000));
      expect(payers.map((p) => receipts(p).length)).toEqual([1, 1, 1]);

      await server!.stop();
      server = undefined;
      for (const payer of payers)
        expect(await paymentRows(payer.userId)).toEqual([
          { state: 'paid', amount: 7500, provider_session_id: payer.sessionId, attempt: 1 },
        ]);
      // The office's list says paid too: the payment's transaction wrote the index's fee column.
      const indexed = await withDb(
        async (db) =>
          (
            await db.query<{ fee_state: string | null }>(
              'SELECT fee_state FROM staff_application_index WHERE user_id = ANY ($1::uuid[])',
              [payers.map((p) => p.userId)],
            )
          ).rows,
      );
      expect(indexed).toEqual(payers.map(() => ({ fee_state: 'paid' })));
      // Provider sessions: one a payer, however often it was asked for.
      for (const payer of payers)
        expect([...stripe.sessions.values()].filter((s) => s.metadata.application_id === payer.userId)).toHaveLength(1);
    },
  );
});
