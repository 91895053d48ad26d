import type { PaymentsResponse } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { DAY, HOUR } from '../../infra/time-units';
import { sendDepositReminders } from './deposit-reminders';

/**
 * The enrollment deposit (issue 43): asked for once an offer is accepted, due `due_days` later, paid through
 * the same Checkout, reminded of once three days before it falls due; nothing declined automatically.
 */
const WEBHOOK_SECRET = 'whsec_test_deposit_0123456789';
let t: TestApp;
let stripe: StripeStandIn;
let staff: TestClient;
let seq = 0;
beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET, now: () => t.clock.now() });
  t = await startTestApp({
    ...STAFF_ENV,
    STRIPE_SECRET_KEY: stripe.apiKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const code = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;
const payments = async (a: Applicant) => (await expectOk(await a.client.get('/api/payments'))).json<PaymentsResponse>();
const deposit = async (a: Applicant) => (await payments(a)).fees.find((f) => f.purpose === 'deposit');

async function admitted(response?: 'accept' | 'decline'): Promise<Applicant> {
  const a = await submittedApplicant(t, `deposit-${++seq}@example.edu`);
  await expectOk(await staff.put(`/api/staff/applications/${a.userId}/decision`, { code: 'admit' }));
  await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [a.userId] }));
  if (response) await expectOk(await a.client.post('/api/decision/response', { response }));
  return a;
}

describe('the deposit', () => {
  it('is asked for only after an offer is accepted, due due_days later', async () => {
    const open = await admitted();
    expect(await deposit(open)).toBeUndefined();
    const early = await open.client.post('/api/payments/checkout', { purpose: 'deposit' });
    expect([early.statusCode, code(early)]).toEqual([409, 'DEPOSIT_NOT_DUE']);
    const declined = await admitted('decline');
    expect(await deposit(declined)).toBeUndefined();

    const accepted = await admitted('accept');
    const fee = await deposit(accepted);
    expect(fee).toMatchObject({ purpose: 'deposit', amount: 25000, currency: 'USD', state: 'due' });
    expect(new Date(fee!.due_at!).getTime()).toBe(t.clock.now().getTime() + 14 * DAY);
  });

  it('is paid through the same Checkout and counted on the provider’s word', async () => {
    const a = await admitted('accept');
    const res = await expectOk(await a.client.post('/api/payments/checkout', { purpose: 'deposit' }));
    const session = stripe.sessions.get(res.json<{ url: string }>().url.split('/pay/')[1]!)!;
    expect(session).toMatchObject({ amount_total: 25000, metadata: { purpose: 'deposit' } });
    stripe.complete(session.id, { deliver: false });
    await expectOk(await a.client.post('/api/payments/confirm', { session_id: session.id }));
    expect((await deposit(a))?.state).toBe('paid');
  });

  it('is reminded of once, three days before it falls due, and is overdue after, never declined', async () => {
    const a = await admitted('accept');
    const paid = await admitted('accept');
    await t.db.query(
      `INSERT INTO payments (id, user_id, purpose, expected_amount, amount, currency, method, state, reference, paid_at,
         created_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'deposit', 25000, 25000, 'USD', 'check', 'paid', '1042', $2, $2, $2)`,
      [paid.userId, t.clock.now()],
    );
    t.clock.advance(10 * DAY);
    expect(await sendDepositReminders(t.deps)).toBe(0);
    t.clock.advance(DAY + HOUR);
    // This one and the unpaid ones accepted in the tests above, at about the same instant.
    expect(await sendDepositReminders(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await sendDepositReminders(t.deps)).toBe(0);
    await t.mailDelivered();
    const mails = t.smtp.mails.filter((m) => m.to.includes(a.email) && m.subject.includes('deposit'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('$250.00');
    expect(mails[0]!.text).toMatch(/Central (Standard )?Time/);
    expect(t.smtp.mails.some((m) => m.to.includes(paid.email) && m.subject.includes('deposit'))).toBe(false);
    t.clock.advance(3 * DAY);
    // Two weeks on, the applicant logs in again.
    const back = { ...a, client: await anotherSession(t, a.email) };
    expect((await deposit(back))?.state).toBe('overdue');
    const { rows } = await t.db.query<{ response: string }>(
      `SELECT response FROM decisions WHERE user_id = $1 AND status = 'released'`,
      [a.userId],
    );
    expect(rows).toEqual([{ response: 'accept' }]);
  });
});
