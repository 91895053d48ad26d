import { randomUUID } from 'node:crypto';
import type { StaffApplicationPaymentsResponse, StaffPaymentsResponse } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { RESEND_UNANSWERED_AFTER_MS } from './refunds';
import { settleNow } from './payment-events';

/**
 * The office's payment calls (issue 43): an offline payment recorded, a fee waiver request decided, refunds of
 * offline payments and of card payments (through the real SDK against the stand-in), and the payments list with
 * its filters, totals per local day and CSV. Each write is audited and written to the office's index.
 */
const WEBHOOK_SECRET = 'whsec_test_staff_payments_0123';
let t: TestApp;
let stripe: StripeStandIn;
let admin: TestClient;
let bursar: TestClient;
let seq = 0;
beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET, now: () => t.clock.now() });
  t = await startTestApp({
    ...STAFF_ENV,
    STRIPE_SECRET_KEY: stripe.apiKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  admin = await loggedInClient(t, STAFF_EMAIL);
  bursar = await staffWithRoles(t, 'bursar@college.test', ['bursar']);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const code = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;
const applicant = (names: Record<string, string> = {}) => submittedApplicant(t, `fee-${++seq}@example.edu`, names);
const panelUrl = (a: Applicant) => `/api/staff/applications/${a.userId}/payments`;
const CHECK = { amount: 7500, method: 'check', reference: '1042', received_on: '2026-11-01' };

async function panel(a: Applicant): Promise<StaffApplicationPaymentsResponse> {
  return (await expectOk(await bursar.get(panelUrl(a)))).json<StaffApplicationPaymentsResponse>();
}
const feeOf = (p: StaffApplicationPaymentsResponse) => p.fees.find((f) => f.purpose === 'application_fee')?.state;

async function recordCheck(a: Applicant, body: Record<string, unknown> = CHECK) {
  const res = await bursar.post(panelUrl(a), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffApplicationPaymentsResponse>();
}

async function indexedFee(a: Applicant): Promise<string | null> {
  const { rows } = await t.db.query<{ fee_state: string | null }>(
    'SELECT fee_state FROM staff_application_index WHERE user_id = $1',
    [a.userId],
  );
  return rows[0]?.fee_state ?? null;
}

async function audited(a: Applicant, action: string) {
  const { rows } = await t.db.query<{ staff_email: string; detail: Record<string, unknown> }>(
    'SELECT staff_email, detail FROM staff_audit_log WHERE application_user_id = $1 AND action = $2 ORDER BY id',
    [a.userId, action],
  );
  return rows;
}

let attempt = 100;
/** A payment row as the provider's or the office's paths leave it, written straight into the database. */
async function insertPayment(
  userId: string,
  p: {
    state: string;
    method?: string;
    amount?: number;
    paidAt?: string | null;
    createdAt?: string;
    reference?: string;
    refunded?: number;
  },
): Promise<string> {
  const id = randomUUID();
  const created = p.createdAt ?? p.paidAt ?? t.clock.now().toISOString();
  await t.db.query(
    `INSERT INTO payments (id, user_id, purpose, expected_amount, amount, currency, method, state, attempt, reference,
       paid_at, refunded_amount, created_at, updated_at)
     VALUES ($1, $2, 'application_fee', 7500, $3, 'USD', $4, $5, $6, $7, $8, $9, $10, $10)`,
    [
      id,
      userId,
      p.amount ?? 7500,
      p.method ?? 'check',
      p.state,
      ++attempt,
      p.reference ?? `ref-${attempt}`,
      p.paidAt === undefined ? created : p.paidAt,
      p.refunded ?? 0,
      created,
    ],
  );
  return id;
}

describe('an offline payment', () => {
  it('is recorded by the office, counts as the fee paid, sends the receipt, is audited and reaches the index', async () => {
    const a = await applicant();
    expect(feeOf(await panel(a))).toBe('due');
    const answer = await recordCheck(a);
    expect(feeOf(answer)).toBe('paid');
    expect(answer.payments).toHaveLength(1);
    expect(answer.payments[0]).toMatchObject({
      application_id: a.userId,
      applicant_email: a.email,
      applicant_name: 'Ada Lovelace',
      purpose: 'application_fee',
      method: 'check',
      state: 'paid',
      amount: 7500,
      expected_amount: 7500,
      currency: 'USD',
      reference: '1042',
      received_on: '2026-11-01',
      recorded_by: 'bursar@college.test',
      paid_at: t.clock.now().toISOString(),
      refunded_amount: 0,
      refunds: [],
    });
    // The applicant sees it paid, and gets the receipt.
    const mine = (await expectOk(await a.client.get('/api/payments'))).json<{ fees: { state: string }[] }>();
    expect(mine.fees[0]!.state).toBe('paid');
    const receipt = t.smtp.last(a.email);
    expect(receipt.subject).toMatch(/^Receipt: your application fee/);
    expect(receipt.text).toContain('$75.00');
    expect(receipt.text).toContain('Reference: 1042');
    expect(await audited(a, 'record-payment')).toEqual([
      {
        staff_email: 'bursar@college.test',
        detail: expect.objectContaining({ amount: 7500, currency: 'USD', method: 'check', reference: '1042' }),
      },
    ]);
    expect(await indexedFee(a)).toBe('paid');
    const { rows } = await t.db.query('SELECT recorded_by_id FROM payments WHERE user_id = $1', [a.userId]);
    expect(rows[0]).toMatchObject({ recorded_by_id: expect.any(String) });

    // Paid: nothing more to record.
    const again = await bursar.post(panelUrl(a), { ...CHECK, reference: '1043' });
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('FEE_NOT_DUE');
  });

  it('of another amount is kept and flagged, and the fee stays due', async () => {
    const a = await applicant();
    const answer = await recordCheck(a, { ...CHECK, amount: 5000, method: 'cash', reference: 'front desk' });
    expect(answer.payments[0]).toMatchObject({ state: 'amount_mismatch', amount: 5000, expected_amount: 7500 });
    expect(feeOf(answer)).toBe('due');
    expect(await indexedFee(a)).toBe('due');
  });

  it('is refused for an application without a fee, and for bad input', async () => {
    const free = await applicant({ applied_major: 'GSCUP' });
    const none = await bursar.post(panelUrl(free), CHECK);
    expect(none.statusCode).toBe(409);
    expect(code(none)).toBe('FEE_NOT_DUE');

    const a = await applicant();
    for (const bad of [
      { ...CHECK, method: 'stripe' },
      { ...CHECK, amount: 0 },
      { ...CHECK, amount: 12.5 },
      { ...CHECK, received_on: '11/01/2026' },
      { ...CHECK, reference: '' },
      { ...CHECK, extra: 1 },
    ]) {
      const res = await bursar.post(panelUrl(a), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const unknown = await bursar.post(`/api/staff/applications/${randomUUID()}/payments`, CHECK);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a fee waiver request', () => {
  async function requested(): Promise<Applicant> {
    const a = await applicant();
    const res = await a.client.post('/api/payments/waiver-request', { criterion: 'veteran', statement: 'I served.' });
    expect(res.statusCode, res.body).toBe(201);
    return a;
  }

  it('approved: the fee is waived, the applicant told by e-mail, the decision audited and indexed', async () => {
    const a = await requested();
    const before = await panel(a);
    expect(feeOf(before)).toBe('waiver_pending');
    expect(before.waiver_request).toMatchObject({
      criterion: 'veteran',
      criterion_label: 'U.S. military veteran',
      state: 'pending',
    });

    const res = await bursar.put(`/api/staff/applications/${a.userId}/fee-waiver`, {
      decision: 'approve',
      note: 'Thank you for your service.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<StaffApplicationPaymentsResponse>();
    expect(feeOf(answer)).toBe('waived');
    expect(answer.waiver_request).toMatchObject({ state: 'approved', note: 'Thank you for your service.' });
    const mail = t.smtp.last(a.email);
    expect(mail.subject).toBe('Your application fee is waived');
    expect(mail.text).toContain('Thank you for your service.');
    expect(await audited(a, 'decide-fee-waiver')).toEqual([
      { staff_email: 'bursar@college.test', detail: expect.objectContaining({ decision: 'approve' }) },
    ]);
    expect(await indexedFee(a)).toBe('waived');
    const { rows } = await t.db.query('SELECT decided_by, decided_at FROM fee_waiver_requests WHERE user_id = $1', [
      a.userId,
    ]);
    expect(rows[0]).toMatchObject({ decided_by: 'bursar@college.test', decided_at: t.clock.now() });

    // Decided: nothing waits any more.
    const again = await bursar.put(`/api/staff/applications/${a.userId}/fee-waiver`, { decision: 'deny' });
    expect(again.statusCode).toBe(404);
    expect(code(again)).toBe('WAIVER_REQUEST_UNKNOWN');
  });

  it('denied: the fee is due again, and the e-mail says how much', async () => {
    const a = await requested();
    const res = await bursar.put(`/api/staff/applications/${a.userId}/fee-waiver`, { decision: 'deny', note: '' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<StaffApplicationPaymentsResponse>();
    expect(feeOf(answer)).toBe('due');
    expect(answer.waiver_request).toMatchObject({ state: 'denied' });
    const mail = t.smtp.last(a.email);
    expect(mail.subject).toBe('Your fee waiver request');
    expect(mail.text).toContain('$75.00 is now due');
    expect(await indexedFee(a)).toBe('due');
    expect(t.smtp.to(a.email).filter((m) => m.subject === 'Your fee waiver request')).toHaveLength(1);
  });

  it('two decisions at once: one decides, the other finds nothing pending', async () => {
    const a = await requested();
    const results = await Promise.all([
      bursar.put(`/api/staff/applications/${a.userId}/fee-waiver`, { decision: 'approve' }),
      admin.put(`/api/staff/applications/${a.userId}/fee-waiver`, { decision: 'deny' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await audited(a, 'decide-fee-waiver')).toHaveLength(1);
  });

  it('none pending: 404 WAIVER_REQUEST_UNKNOWN; a bad decision: 400', async () => {
    const a = await applicant();
    const res = await bursar.put(`/api/staff/applications/${a.userId}/fee-waiver`, { decision: 'approve' });
    expect(res.statusCode).toBe(404);
    expect(code(res)).toBe('WAIVER_REQUEST_UNKNOWN');
    const bad = await bursar.put(`/api/staff/applications/${a.userId}/fee-waiver`, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a refund of an offline payment', () => {
  const refund = (paymentId: string, amount: number, reason = 'Charged twice') =>
    bursar.post(`/api/staff/payments/${paymentId}/refunds`, { amount, reason });

  it('partial then full: recorded as made at once, the applicant e-mailed for each, audited, the fee due again', async () => {
    const a = await applicant();
    const paymentId = (await recordCheck(a)).payments[0]!.id;

    const partial = await refund(paymentId, 2500);
    expect(partial.statusCode, partial.body).toBe(201);
    const afterPartial = partial.json<StaffApplicationPaymentsResponse>();
    expect(afterPartial.payments[0]).toMatchObject({ state: 'partially_refunded', refunded_amount: 2500 });
    expect(afterPartial.payments[0]!.refunds).toEqual([
      expect.objectContaining({
        amount: 2500,
        reason: 'Charged twice',
        state: 'succeeded',
        created_by: 'bursar@college.test',
      }),
    ]);
    expect(feeOf(afterPartial)).toBe('paid');
    const mail = t.smtp.last(a.email);
    expect(mail.subject).toBe('A refund of your application fee');
    expect(mail.text).toContain('refunded $25.00');
    expect(mail.text).toContain('The admissions office will send it to you');

    t.clock.advance(60_000);
    const full = await refund(paymentId, 5000, 'Withdrew before review');
    expect(full.statusCode, full.body).toBe(201);
    const afterFull = full.json<StaffApplicationPaymentsResponse>();
    expect(afterFull.payments[0]).toMatchObject({ state: 'refunded', refunded_amount: 7500 });
    expect(afterFull.payments[0]!.refunds.map((r) => r.amount)).toEqual([2500, 5000]);
    // A refunded payment no longer counts: the fee is due again, in the panel and in the office's list.
    expect(feeOf(afterFull)).toBe('due');
    expect(await indexedFee(a)).toBe('due');
    expect(t.smtp.to(a.email).filter((m) => m.subject === 'A refund of your application fee')).toHaveLength(2);
    expect((await audited(a, 'refund-payment')).map((r) => r.detail)).toEqual([
      expect.objectContaining({ amount: 2500, currency: 'USD', reason: 'Charged twice', payment_id: paymentId }),
      expect.objectContaining({ amount: 5000, currency: 'USD', reason: 'Withdrew before review' }),
    ]);

    // Nothing is left.
    const more = await refund(paymentId, 1);
    expect(more.statusCode).toBe(409);
    expect(code(more)).toBe('REFUND_TOO_LARGE');
  });

  it('over the amount: 409 REFUND_TOO_LARGE, nothing written', async () => {
    const a = await applicant();
    const paymentId = (await recordCheck(a)).payments[0]!.id;
    const res = await refund(paymentId, 7501);
    expect(res.statusCode).toBe(409);
    expect(code(res)).toBe('REFUND_TOO_LARGE');
    const { rows } = await t.db.query('SELECT 1 FROM payment_refunds WHERE payment_id = $1', [paymentId]);
    expect(rows).toHaveLength(0);
    expect(await audited(a, 'refund-payment')).toHaveLength(0);
  });

  it('of a payment that received no money (pending, expired, failed): 409 PAYMENT_NOT_REFUNDABLE', async () => {
    const a = await applicant();
    for (const state of ['pending', 'expired', 'failed']) {
      const paymentId = await insertPayment(a.userId, { state, method: 'stripe', amount: 0, paidAt: null });
      const res = await refund(paymentId, 100);
      expect(res.statusCode, state).toBe(409);
      expect(code(res)).toBe('PAYMENT_NOT_REFUNDABLE');
    }
  });

  it('two refunds sent at once cannot both pass', async () => {
    const a = await applicant();
    const paymentId = (await recordCheck(a)).payments[0]!.id;
    const results = await Promise.all([refund(paymentId, 7500), refund(paymentId, 7500)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(code(refused)).toBe('REFUND_TOO_LARGE');
    const { rows } = await t.db.query<{ refunded_amount: number }>(
      'SELECT refunded_amount FROM payments WHERE id = $1',
      [paymentId],
    );
    expect(rows[0]!.refunded_amount).toBe(7500);
    expect((await t.db.query('SELECT 1 FROM payment_refunds WHERE payment_id = $1', [paymentId])).rows).toHaveLength(1);
  });

  it('of an unknown payment, or no id at all: 404; bad input: 400', async () => {
    expect((await refund(randomUUID(), 100)).statusCode).toBe(404);
    expect((await refund('not-an-id', 100)).statusCode).toBe(404);
    const a = await applicant();
    const paymentId = (await recordCheck(a)).payments[0]!.id;
    expect((await bursar.post(`/api/staff/payments/${paymentId}/refunds`, { amount: 100 })).statusCode).toBe(400);
    expect(
      (await bursar.post(`/api/staff/payments/${paymentId}/refunds`, { amount: -1, reason: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('a refund of a card payment', () => {
  const sessionIdOf = (url: string) => url.split('/pay/')[1]!;

  /** An applicant who paid by card on the stand-in's page, confirmed on return. */
  async function paidByCard(): Promise<{ a: Applicant; paymentId: string; intent: string }> {
    const a = await applicant();
    const { url } = (
      await expectOk(await a.client.post('/api/payments/checkout', { purpose: 'application_fee' }))
    ).json<{ url: string }>();
    const session = stripe.complete(sessionIdOf(url), { deliver: false });
    await expectOk(await a.client.post('/api/payments/confirm', { session_id: session.id }));
    const payment = (await panel(a)).payments.find((p) => p.state === 'paid')!;
    return { a, paymentId: payment.id, intent: session.payment_intent! };
  }
  const refund = (paymentId: string, amount: number, reason = 'Charged twice') =>
    bursar.post(`/api/staff/payments/${paymentId}/refunds`, { amount, reason });
  const refundCalls = (paymentId: string) =>
    stripe.requests.filter(
      (r) => r.path === '/v1/refunds' && (r.body.metadata as Record<string, string>)?.payment_id === paymentId,
    );

  it('goes through the provider with the refund id as the idempotency key, and follows its answer', async () => {
    const { a, paymentId, intent } = await paidByCard();
    const res = await refund(paymentId, 2500);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<StaffApplicationPaymentsResponse>();
    const payment = answer.payments.find((p) => p.id === paymentId)!;
    expect(payment).toMatchObject({ method: 'stripe', state: 'partially_refunded', refunded_amount: 2500 });
    const refundRow = payment.refunds[0]!;
    expect(refundRow).toMatchObject({ amount: 2500, state: 'succeeded' });
    const calls = refundCalls(paymentId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      idempotencyKey: refundRow.id,
      body: { payment_intent: intent, amount: '2500', metadata: { refund_id: refundRow.id, application_id: a.userId } },
    });
    const { rows } = await t.db.query<{ provider_refund_id: string }>(
      'SELECT provider_refund_id FROM payment_refunds WHERE id = $1',
      [refundRow.id],
    );
    expect(rows[0]!.provider_refund_id).toMatch(/^re_test_/);
    const mail = t.smtp.last(a.email);
    expect(mail.subject).toBe('A refund of your application fee');
    expect(mail.text).toContain('goes back to the card you paid with');

    // The provider's charge.refunded for the same refund changes nothing, and sends no second e-mail.
    const { body, signature } = stripe.signed(stripe.event('charge.refunded', stripe.chargeOf(intent)));
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    expect(delivered.statusCode).toBe(200);
    await settleNow(t.deps);
    await t.mailDelivered();
    const after = (await panel(a)).payments.find((p) => p.id === paymentId)!;
    expect(after).toMatchObject({ state: 'partially_refunded', refunded_amount: 2500 });
    expect(t.smtp.to(a.email).filter((m) => m.subject === 'A refund of your application fee')).toHaveLength(1);

    // The rest, then nothing more.
    expect((await refund(paymentId, 5000)).statusCode).toBe(201);
    expect((await panel(a)).payments.find((p) => p.id === paymentId)).toMatchObject({
      state: 'refunded',
      refunded_amount: 7500,
    });
    expect(feeOf(await panel(a))).toBe('due');
    const over = await refund(paymentId, 1);
    expect(code(over)).toBe('REFUND_TOO_LARGE');
    expect(refundCalls(paymentId)).toHaveLength(2);
  });

  it('refused by the provider (refunded in its dashboard already): the refund failed, the payment unchanged, no e-mail', async () => {
    const { a, paymentId, intent } = await paidByCard();
    // Refunded in the provider's dashboard: the product has not heard of it yet.
    const outside = await fetch(`${stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.apiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_intent=${intent}&amount=7500`,
    });
    expect(outside.status).toBe(200);
    const mailsBefore = t.smtp.to(a.email).length;
    const res = await refund(paymentId, 7500);
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json<StaffApplicationPaymentsResponse>().payments.find((p) => p.id === paymentId)!;
    expect(payment).toMatchObject({ state: 'paid', refunded_amount: 0 });
    expect(payment.refunds).toEqual([expect.objectContaining({ amount: 7500, state: 'failed' })]);
    expect(t.smtp.to(a.email)).toHaveLength(mailsBefore);
    // Not pending: the office may send another.
    expect(code(await refund(paymentId, 7501))).toBe('REFUND_TOO_LARGE');
  });

  it('two at once: one is sent, the other is refused while it is on its way', async () => {
    const { paymentId } = await paidByCard();
    const results = await Promise.all([refund(paymentId, 5000), refund(paymentId, 5000)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(['REFUND_IN_PROGRESS', 'REFUND_TOO_LARGE']).toContain(code(results.find((r) => r.statusCode === 409)!));
    expect(refundCalls(paymentId)).toHaveLength(1);
  });

  it('the provider not answering: 503, the refund stays pending, and is sent again with its own key later', async () => {
    const { a, paymentId } = await paidByCard();
    // Every try of the SDK (the call and its two retries) answers 500.
    stripe.failNext(3);
    const lost = await refund(paymentId, 1000, 'First try');
    expect(lost.statusCode).toBe(503);
    expect(code(lost)).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const pending = (await panel(a)).payments.find((p) => p.id === paymentId)!;
    expect(pending.refunds).toEqual([expect.objectContaining({ amount: 1000, state: 'pending' })]);
    expect(pending).toMatchObject({ state: 'paid', refunded_amount: 0 });
    const firstId = pending.refunds[0]!.id;

    // While it may still be on its way, another refund waits.
    const early = await refund(paymentId, 500, 'Second');
    expect(early.statusCode).toBe(409);
    expect(code(early)).toBe('REFUND_IN_PROGRESS');

    // Later, the office's next refund sends the unanswered one again with its own key first, then its own.
    t.clock.advance(RESEND_UNANSWERED_AFTER_MS + 1000);
    const later = await refund(paymentId, 500, 'Second');
    expect(later.statusCode, later.body).toBe(201);
    const settled = later.json<StaffApplicationPaymentsResponse>().payments.find((p) => p.id === paymentId)!;
    expect(settled.refunds.map((r) => [r.amount, r.state])).toEqual([
      [1000, 'succeeded'],
      [500, 'succeeded'],
    ]);
    expect(settled).toMatchObject({ state: 'partially_refunded', refunded_amount: 1500 });
    const keys = refundCalls(paymentId).map((r) => r.idempotencyKey);
    expect(keys.filter((k) => k === firstId).length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(2);
    expect(t.smtp.to(a.email).filter((m) => m.subject === 'A refund of your application fee')).toHaveLength(2);
  });
});

describe('the payments list', () => {
  // October 2026, America/Chicago (UTC-5 then): apart from the other tests' payments, made on the clock's day.
  let first: Applicant;
  let second: Applicant;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    first = await applicant();
    second = await applicant({ applied_major: 'MAPP' });
    // Each indexed (the office's first read), so the list names them.
    await panel(first);
    await panel(second);
    ids.late = await insertPayment(first.userId, {
      state: 'paid',
      paidAt: '2026-10-11T04:30:00Z',
      reference: 'late-evening',
    });
    ids.early = await insertPayment(second.userId, {
      state: 'refunded',
      paidAt: '2026-10-11T05:30:00Z',
      refunded: 7500,
      method: 'stripe',
      reference: 'pi_early',
    });
    ids.mismatch = await insertPayment(second.userId, {
      state: 'amount_mismatch',
      amount: 5000,
      paidAt: '2026-10-12T15:00:00Z',
      reference: '=cmd',
    });
    ids.expired = await insertPayment(first.userId, {
      state: 'expired',
      method: 'stripe',
      amount: 0,
      paidAt: null,
      createdAt: '2026-10-12T16:00:00Z',
    });
    ids.pending = await insertPayment(first.userId, {
      state: 'pending',
      method: 'stripe',
      amount: 0,
      paidAt: null,
      createdAt: '2026-10-13T16:00:00Z',
    });
    // The refund of the early payment was made two days later: the bank shows it leaving then.
    await t.db.query(
      `INSERT INTO payment_refunds (id, payment_id, amount, reason, state, created_by, created_at, settled_at)
       VALUES ($1, $2, 7500, 'Withdrew', 'succeeded', 'bursar@college.test', $3, $3)`,
      [randomUUID(), ids.early, '2026-10-13T14:00:00Z'],
    );
  });
  const list = async (query: string, client = bursar) => {
    const res = await client.get(`/api/staff/payments?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StaffPaymentsResponse>();
  };
  const OCTOBER = 'from=2026-10-01&to=2026-10-31';

  it('lists newest first, leaves lapsed checkouts out unless asked, with totals per local day', async () => {
    const answer = await list(OCTOBER);
    expect(answer).toMatchObject({ currency: 'USD', time_zone: 'America/Chicago' });
    expect(answer.payments.map((p) => p.id)).toEqual([ids.pending, ids.mismatch, ids.early, ids.late]);
    expect(answer.payments.find((p) => p.id === ids.early)).toMatchObject({
      application_id: second.userId,
      applicant_email: second.email,
      applicant_name: 'Ada Lovelace',
      program: 'MAPP',
      refunds: [expect.objectContaining({ amount: 7500, reason: 'Withdrew', state: 'succeeded' })],
    });
    expect(answer.totals).toEqual([
      { day: '2026-10-13', paid: 0, refunded: 7500, net: -7500, count: 1 },
      { day: '2026-10-12', paid: 5000, refunded: 0, net: 5000, count: 1 },
      { day: '2026-10-11', paid: 7500, refunded: 0, net: 7500, count: 1 },
      { day: '2026-10-10', paid: 7500, refunded: 0, net: 7500, count: 1 },
    ]);

    const lapsed = await list(`${OCTOBER}&state=expired`);
    expect(lapsed.payments.map((p) => p.id)).toEqual([ids.expired]);
    const refunded = await list(`${OCTOBER}&state=refunded`);
    expect(refunded.payments.map((p) => p.id)).toEqual([ids.early]);
  });

  it('takes from and to as local days of the institution, both included', async () => {
    // 04:30 UTC on the 11th is 23:30 on the 10th in Chicago.
    expect((await list('from=2026-10-10&to=2026-10-10')).payments.map((p) => p.id)).toEqual([ids.late]);
    expect((await list('from=2026-10-11&to=2026-10-11')).payments.map((p) => p.id)).toEqual([ids.early]);
    expect((await list('from=2026-10-12&to=2026-10-12')).payments.map((p) => p.id)).toEqual([ids.mismatch]);
    const open = await list('from=2026-10-12&to=2026-10-13');
    expect(open.payments.map((p) => p.id)).toEqual([ids.pending, ids.mismatch]);
    expect((await list('to=2026-10-10')).payments.map((p) => p.id)).toContain(ids.late);
    expect((await list('to=2026-10-10')).payments.map((p) => p.id)).not.toContain(ids.early);
    const bad = await bursar.get('/api/staff/payments?from=yesterday');
    expect(bad.statusCode).toBe(400);
    const badState = await bursar.get('/api/staff/payments?state=lost');
    expect(badState.statusCode).toBe(400);
  });

  it('comes as CSV for reconciliation, by ?format=csv or Accept: text/csv; another format is 406', async () => {
    const res = await bursar.get(`/api/staff/payments?${OCTOBER}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('payments-from-2026-10-01-to-2026-10-31.csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Paid (Central Time),State,Purpose,Method,Amount,Refunded,Currency,Reference,Applicant,E-mail,Program,' +
        'Application ID,Payment ID,Expected amount,Received on,Recorded by,Created (Central Time)',
    );
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe(
      `2026-10-12 10:00:00,amount_mismatch,application_fee,check,50,0,USD,'=cmd,Ada Lovelace,${second.email},MAPP,` +
        `${second.userId},${ids.mismatch},75,,,2026-10-12 10:00:00`,
    );
    expect(lines[1]).toMatch(/^,pending,application_fee,stripe,0,0,USD,/);

    const byAccept = await bursar.get(`/api/staff/payments?${OCTOBER}`, { accept: 'text/csv' });
    expect(byAccept.statusCode).toBe(200);
    expect(byAccept.body).toBe(res.body);
    const { rows } = await t.db.query(
      `SELECT 1 FROM staff_audit_log WHERE action = 'view-payments' AND staff_email = 'bursar@college.test'
         AND application_user_id IS NULL AND detail->>'format' = 'csv'`,
    );
    expect(rows.length).toBe(2);

    for (const [query, headers] of [
      ['format=xml', {}],
      ['', { accept: 'application/xml' }],
    ] as const) {
      const refused = await bursar.get(`/api/staff/payments?${query}`, headers);
      expect(refused.statusCode).toBe(406);
      expect(code(refused)).toBe('PAYMENT_FORMAT_UNKNOWN');
    }
  });

  it("shows a member limited to some programs only their applications' payments", async () => {
    const limited = await staffWithRoles(t, 'mapp-bursar@college.test', ['bursar'], ['MAPP']);
    const answer = await list(OCTOBER, limited);
    expect(answer.payments.map((p) => p.id)).toEqual([ids.mismatch, ids.early]);
    expect(answer.totals.map((d) => d.day)).toEqual(['2026-10-13', '2026-10-12', '2026-10-11']);
    const outside = await limited.get(panelUrl(first));
    expect(outside.statusCode).toBe(404);
  });

  it('is audited with its filters; the panel read is audited under its application', async () => {
    await list(`${OCTOBER}&state=paid`);
    const { rows } = await t.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM staff_audit_log WHERE action = 'view-payments' AND application_user_id IS NULL ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]!.detail).toEqual({ from: '2026-10-01', to: '2026-10-31', state: 'paid', format: 'json' });
    expect((await audited(first, 'view-payments')).length).toBeGreaterThan(0);
  });
});
