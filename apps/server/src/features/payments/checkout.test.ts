import type { PaymentsResponse } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ENV, submittedApplicant, applicantWith, type Applicant } from '../../test-support/staff-helpers';
import { startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { zipEntries } from '../../test-support/zip-entries';
import { settleNow, settleStoredEvents } from './payment-events';
import { completeAnswers } from '@admissions/domain/testing';

/**
 * The applicant pays (issue 43): a hosted Checkout session made through the real SDK against the stand-in,
 * counted only on the provider's word (its signed webhook, or the session read back on return), once.
 */
const WEBHOOK_SECRET = 'whsec_test_secret_0123456789';
let t: TestApp;
let stripe: StripeStandIn;
let seq = 0;
beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET, now: () => t.clock.now() });
  t = await startTestApp({
    ...STAFF_ENV,
    STRIPE_SECRET_KEY: stripe.apiKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const code = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;
const applicant = () => submittedApplicant(t, `payer-${++seq}@example.edu`);
const payments = async (a: Applicant) => (await expectOk(await a.client.get('/api/payments'))).json<PaymentsResponse>();
const feeState = async (a: Applicant) => (await payments(a)).fees.find((f) => f.purpose === 'application_fee')?.state;
const sessionIdOf = (url: string) => url.split('/pay/')[1]!;

/**
 * The provider's webhook, delivered to the app as Stripe would (signed over the raw body); then the settling of
 * stored events that the delivery woke is awaited, as the applicant would see it a moment later.
 */
async function deliver(payload: unknown, secret?: string) {
  const { body, signature } = stripe.signed(payload, secret);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
  await settleNow(t.deps);
  return res;
}

async function checkout(a: Applicant): Promise<string> {
  const res = await expectOk(await a.client.post('/api/payments/checkout', { purpose: 'application_fee' }));
  return res.json<{ url: string }>().url;
}

describe('checkout', () => {
  it('makes one hosted session in payment mode naming the application, with the idempotency key of its attempt', async () => {
    const a = await applicant();
    expect(await feeState(a)).toBe('due');
    const url = await checkout(a);
    expect(url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const session = stripe.sessions.get(sessionIdOf(url))!;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 7500,
      currency: 'usd',
      client_reference_id: a.userId,
      metadata: { application_id: a.userId, purpose: 'application_fee', expected_amount: '7500' },
      success_url: 'http://portal.test/completion?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://portal.test/completion?payment=cancelled',
    });
    const made = stripe.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === a.userId,
    );
    expect(made.map((r) => r.idempotencyKey)).toEqual([`${a.userId}:application_fee:1`]);
  });

  it('hands out the open session again: two clicks or two tabs at once never make two payable sessions', async () => {
    const a = await applicant();
    const urls = await Promise.all([checkout(a), checkout(a), checkout(a)]);
    expect(new Set(urls).size).toBe(1);
    const { rows } = await t.db.query('SELECT 1 FROM payments WHERE user_id = $1', [a.userId]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a fee not due: an application without a fee, an unsubmitted one, a deposit before an accepted offer', async () => {
    const free = await applicantWith(
      t,
      `free-${++seq}@example.edu`,
      { ...completeAnswers(), applied_major: 'GSCUP' },
      true,
    );
    expect((await payments(free)).fees).toEqual([]);
    const none = await free.client.post('/api/payments/checkout', { purpose: 'application_fee' });
    expect([none.statusCode, code(none)]).toEqual([409, 'FEE_NOT_DUE']);

    const draft = await applicantWith(t, `draft-${++seq}@example.edu`, completeAnswers());
    expect(await feeState(draft)).toBe('due');
    const early = await draft.client.post('/api/payments/checkout', { purpose: 'application_fee' });
    expect([early.statusCode, code(early)]).toEqual([409, 'APPLICATION_NOT_SUBMITTED']);

    const a = await applicant();
    const deposit = await a.client.post('/api/payments/checkout', { purpose: 'deposit' });
    expect([deposit.statusCode, code(deposit)]).toEqual([409, 'DEPOSIT_NOT_DUE']);
    const odd = await a.client.post('/api/payments/checkout', { purpose: 'donation' });
    expect([odd.statusCode, code(odd)]).toEqual([400, 'BAD_REQUEST']);
  });

  it('answers 503 when the provider does not answer, and nothing is recorded', async () => {
    const a = await applicant();
    stripe.failNext(10);
    const res = await a.client.post('/api/payments/checkout', { purpose: 'application_fee' });
    stripe.failNext(0);
    expect([res.statusCode, code(res)]).toEqual([503, 'PAYMENT_PROVIDER_UNAVAILABLE']);
    const { rows } = await t.db.query('SELECT 1 FROM payments WHERE user_id = $1', [a.userId]);
    expect(rows).toEqual([]);
    expect(await checkout(a)).toContain('/pay/');
  });
});

describe('the provider confirms', () => {
  it('by its signed webhook: paid once, a receipt once, the same event twice changes nothing', async () => {
    const a = await applicant();
    const session = stripe.complete(sessionIdOf(await checkout(a)), { deliver: false });
    const event = stripe.event('checkout.session.completed', session);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    // Stored once: the provider got its 200 for both, and the event was applied once.
    const { rows: stored } = await t.db.query<{ processed: boolean }>(
      'SELECT processed_at IS NOT NULL AS processed FROM payment_events WHERE id = $1',
      [event.id],
    );
    expect(stored).toEqual([{ processed: true }]);
    const mine = await payments(a);
    expect(mine.fees[0]).toMatchObject({ purpose: 'application_fee', state: 'paid' });
    expect(mine.payments).toEqual([
      expect.objectContaining({ amount: 7500, state: 'paid', method: 'stripe', reference: session.payment_intent }),
    ]);
    await t.mailDelivered();
    const receipts = t.smtp.mails.filter((m) => m.to.includes(a.email) && m.subject.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('$75.00');
    expect(receipts[0]!.text).toContain(session.payment_intent!);
    expect(receipts[0]!.text).toMatch(/Central (Standard )?Time/);
    const again = await a.client.post('/api/payments/checkout', { purpose: 'application_fee' });
    expect([again.statusCode, code(again)]).toEqual([409, 'FEE_NOT_DUE']);
    // "Download my data" holds the payment: amount, state, the provider's reference; there is no card to hold.
    const zip = await zipEntries((await expectOk(await a.client.get('/api/my-data'))).rawPayload);
    const answers = JSON.parse(zip.get('answers.json')!.toString('utf8')) as { payments: unknown[]; fees: unknown[] };
    expect(answers.fees).toEqual([expect.objectContaining({ purpose: 'application_fee', state: 'paid' })]);
    expect(answers.payments).toEqual([
      expect.objectContaining({ amount: 7500, currency: 'USD', reference: session.payment_intent, state: 'paid' }),
    ]);
  });

  it('refuses a forged or stale signature with 400, and nothing changes', async () => {
    const a = await applicant();
    const session = stripe.complete(sessionIdOf(await checkout(a)), { deliver: false });
    const event = stripe.event('checkout.session.completed', session);
    const forged = await deliver(event, 'whsec_someone_else_000000');
    expect([forged.statusCode, code(forged)]).toEqual([400, 'WEBHOOK_SIGNATURE_INVALID']);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect([unsigned.statusCode, code(unsigned)]).toEqual([400, 'WEBHOOK_SIGNATURE_INVALID']);
    // Signed now, delivered ten minutes later: past the tolerance.
    const { body, signature } = stripe.signed(event);
    t.clock.advance(10 * 60_000);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    expect([stale.statusCode, code(stale)]).toEqual([400, 'WEBHOOK_SIGNATURE_INVALID']);
    expect(await feeState(a)).toBe('due');
    // The genuine one still counts.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await feeState(a)).toBe('paid');
  });

  it('on the return without a webhook, by reading the session back; the URL alone proves nothing', async () => {
    const a = await applicant();
    const id = sessionIdOf(await checkout(a));
    // Not paid yet: returning with the id changes nothing.
    const early = (
      await expectOk(await a.client.post('/api/payments/confirm', { session_id: id }))
    ).json<PaymentsResponse>();
    expect(early.fees[0]!.state).toBe('due');
    stripe.complete(id, { deliver: false });
    const paid = (
      await expectOk(await a.client.post('/api/payments/confirm', { session_id: id }))
    ).json<PaymentsResponse>();
    expect(paid.fees[0]!.state).toBe('paid');
    // The webhook coming later converges on the same row.
    expect((await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(id)))).statusCode).toBe(200);
    const { rows } = await t.db.query<{ state: string }>('SELECT state FROM payments WHERE user_id = $1', [a.userId]);
    expect(rows).toEqual([{ state: 'paid' }]);
    // Another applicant cannot confirm (or learn of) this session.
    const other = await applicant();
    const theirs = await other.client.post('/api/payments/confirm', { session_id: id });
    expect([theirs.statusCode, code(theirs)]).toEqual([404, 'PAYMENT_SESSION_UNKNOWN']);
    const unknown = await a.client.post('/api/payments/confirm', { session_id: 'cs_test_nope' });
    expect([unknown.statusCode, code(unknown)]).toEqual([404, 'PAYMENT_SESSION_UNKNOWN']);
  });

  it('records a payment of another amount and flags it for the office, never counting it as the fee paid', async () => {
    const a = await applicant();
    const session = stripe.complete(sessionIdOf(await checkout(a)), { amount: 5000, deliver: false });
    expect((await deliver(stripe.event('checkout.session.completed', session))).statusCode).toBe(200);
    const mine = await payments(a);
    expect(mine.fees[0]!.state).toBe('due');
    expect(mine.payments).toEqual([expect.objectContaining({ amount: 5000, state: 'amount_mismatch' })]);
  });

  it('lets an expired session go: the next checkout makes a new one with the next attempt', async () => {
    const a = await applicant();
    const first = sessionIdOf(await checkout(a));
    const expired = stripe.expire(first);
    expect((await deliver(stripe.event('checkout.session.expired', expired))).statusCode).toBe(200);
    const { rows } = await t.db.query<{ state: string }>('SELECT state FROM payments WHERE provider_session_id = $1', [
      first,
    ]);
    expect(rows).toEqual([{ state: 'expired' }]);
    const second = sessionIdOf(await checkout(a));
    expect(second).not.toBe(first);
    const keys = stripe.requests.filter((r) => r.body.client_reference_id === a.userId).map((r) => r.idempotencyKey);
    expect(keys).toEqual([`${a.userId}:application_fee:1`, `${a.userId}:application_fee:2`]);
  });

  it('writes the row of a session whose maker died before committing it, from the session’s metadata', async () => {
    const a = await applicant();
    const id = sessionIdOf(await checkout(a));
    // As if the process had died between the provider's answer and its commit: the row never existed.
    await t.db.query('DELETE FROM payments WHERE user_id = $1', [a.userId]);
    const session = stripe.complete(id, { deliver: false });
    expect((await deliver(stripe.event('checkout.session.completed', session))).statusCode).toBe(200);
    const mine = await payments(a);
    expect(mine.fees[0]!.state).toBe('paid');
    expect(mine.payments).toEqual([expect.objectContaining({ amount: 7500, state: 'paid' })]);
  });
});

describe('stored events', () => {
  it('left by a process that stopped before applying them are applied later; one that fails does not hold back the rest', async () => {
    const a = await applicant();
    const session = stripe.complete(sessionIdOf(await checkout(a)), { deliver: false });
    const now = t.clock.now();
    // As the webhook stores them, with no process left to apply them: a good event and a broken one.
    await t.db.query(
      `INSERT INTO payment_events (id, type, payload, received_at) VALUES
         ('evt_test_left_behind', 'checkout.session.completed', $1, $2),
         ('evt_test_broken', 'checkout.session.completed', 'null', $2)`,
      [JSON.stringify(session), now],
    );
    expect(await feeState(a)).toBe('due');
    const logged: unknown[] = [];
    await settleStoredEvents(t.deps, { error: (entry: unknown) => logged.push(entry) });
    expect(await feeState(a)).toBe('paid');
    const { rows } = await t.db.query<{ id: string; processed: boolean; attempts: number; failed: boolean }>(
      `SELECT id, processed_at IS NOT NULL AS processed, attempts, last_error IS NOT NULL AS failed FROM payment_events
       WHERE id IN ('evt_test_left_behind', 'evt_test_broken') ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 'evt_test_broken', processed: false, attempts: 1, failed: true },
      { id: 'evt_test_left_behind', processed: true, attempts: 0, failed: false },
    ]);
    expect(logged).toHaveLength(1);
    // Tried again at the next run, up to five times, then left for the operators (its error is on the row).
    for (let i = 0; i < 6; i++) await settleStoredEvents(t.deps, { error: () => {} });
    const { rows: after } = await t.db.query<{ attempts: number }>(
      `SELECT attempts FROM payment_events WHERE id = 'evt_test_broken'`,
    );
    expect(after).toEqual([{ attempts: 5 }]);
  });
});

describe('a fee waiver request', () => {
  it('is asked once, for a listed reason, and while it waits no fee is asked for', async () => {
    const a = await applicant();
    const unknown = await a.client.post('/api/payments/waiver-request', {
      criterion: 'astronaut',
      statement: 'Please.',
    });
    expect([unknown.statusCode, code(unknown)]).toEqual([400, 'WAIVER_CRITERION_UNKNOWN']);
    const asked = await a.client.post('/api/payments/waiver-request', {
      criterion: 'mcnair',
      statement: 'McNair 2025.',
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json<PaymentsResponse>()).toMatchObject({
      fees: [{ purpose: 'application_fee', state: 'waiver_pending' }],
      waiver_request: { criterion: 'mcnair', criterion_label: 'McNair Scholar', state: 'pending' },
    });
    const pay = await a.client.post('/api/payments/checkout', { purpose: 'application_fee' });
    expect([pay.statusCode, code(pay)]).toEqual([409, 'FEE_WAIVER_PENDING']);
    const twice = await a.client.post('/api/payments/waiver-request', { criterion: 'veteran', statement: 'Also.' });
    expect([twice.statusCode, code(twice)]).toEqual([409, 'WAIVER_NOT_AVAILABLE']);
  });
});

describe('without a provider', () => {
  it('has fees all the same, says so (online false) and refuses checkout with PAYMENTS_OFFLINE', async () => {
    const offline = await startTestApp(STAFF_ENV);
    try {
      const a = await submittedApplicant(offline, 'offline-payer@example.edu');
      const mine = (await expectOk(await a.client.get('/api/payments'))).json<PaymentsResponse>();
      expect(mine).toMatchObject({ online: false, fees: [{ purpose: 'application_fee', amount: 7500, state: 'due' }] });
      const res = await a.client.post('/api/payments/checkout', { purpose: 'application_fee' });
      expect([res.statusCode, code(res)]).toEqual([409, 'PAYMENTS_OFFLINE']);
      // No provider, no webhook: the call does not exist (even from the product's own origin).
      const hook = await offline.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { origin: 'http://portal.test' },
        payload: {},
      });
      expect(hook.statusCode).toBe(404);
    } finally {
      await offline.close();
    }
  });
});
