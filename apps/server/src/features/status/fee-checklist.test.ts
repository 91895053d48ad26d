import { completeAnswers } from '@admissions/domain/testing';
import {
  checklistWaiversPath,
  STATUS_PATH,
  type ChecklistItem,
  type StaffApplicationDetail,
  type StatusResponse,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { feeWaiverRequest, paidFee } from '../../test-support/fee-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/** The checklist's fee items (issue 43): the sample tenant charges $75 to apply (none for GSCUP) and a $250 deposit. */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(() => t?.close());

async function status(a: Applicant): Promise<StatusResponse> {
  return (await expectOk(await a.client.get(STATUS_PATH))).json<StatusResponse>();
}
const itemOf = (s: StatusResponse, key = 'application_fee'): ChecklistItem | undefined =>
  s.checklist.find((i) => i.key === key);
/** The keys of the items neither received nor waived. */
const lacking = (s: StatusResponse) =>
  s.checklist.filter((i) => i.state !== 'received' && i.state !== 'waived').map((i) => i.key);

/** Moves the clock on; the sessions (15 minutes idle at most) of the office and of these applicants log in again. */
async function advance(ms: number, ...applicants: Applicant[]): Promise<void> {
  t.clock.advance(ms);
  staff = await anotherSession(t, STAFF_EMAIL);
  for (const a of applicants) a.client = await anotherSession(t, a.email);
}

let n = 0;
/** A submitted applicant whose letter (if its program asks for one) is waived: only the fees can keep it incomplete. */
async function submitted(program = 'MAE'): Promise<Applicant> {
  const a = await applicantWith(
    t,
    `fee-item-${++n}@example.edu`,
    { ...completeAnswers(), applied_major: program, first_name: `Fee${n}` },
    true,
  );
  if (itemOf(await status(a), 'letter:recommender_'))
    await expectOk(
      await staff.post(checklistWaiversPath(a.userId), { item_key: 'letter:recommender_', reason: 'Sent on paper' }),
    );
  return a;
}

describe("the application fee's checklist item (issue 43)", () => {
  it('none before submission; after it, missing with its amount, and the application is not complete', async () => {
    const a = await applicantWith(t, 'fee-early@example.edu', { ...completeAnswers() });
    expect(itemOf(await status(a))).toBeUndefined();
    await expectOk(await a.client.post('/api/submit'));
    await expectOk(await staff.post(checklistWaiversPath(a.userId), { item_key: 'letter:recommender_', reason: 'x' }));
    const s = await status(a);
    expect(itemOf(s)).toEqual({
      key: 'application_fee',
      label: 'Application fee ($75.00)',
      state: 'missing',
      updated_at: null,
      kind: 'fee',
      href: '/completion',
    });
    expect(lacking(s)).toEqual(['application_fee']);
    expect(s.complete).toBe(false);
  });

  it('a program without a fee (GSCUP: 0) has no fee item', async () => {
    const a = await submitted('GSCUP');
    const s = await status(a);
    expect(itemOf(s)).toBeUndefined();
    expect(s.checklist.some((i) => i.kind === 'fee')).toBe(false);
  });

  it('paid: received, when it was paid, and complete', async () => {
    const a = await submitted();
    await advance(HOUR, a);
    await paidFee(t, a.userId);
    const s = await status(a);
    expect(itemOf(s)).toMatchObject({ state: 'received', updated_at: t.clock.now().toISOString() });
    expect(s.complete).toBe(true);
  });

  it('a payment that does not count (an amount other than asked, a full refund) leaves it missing', async () => {
    const a = await submitted();
    await paidFee(t, a.userId, { amount: 500, state: 'amount_mismatch' });
    await paidFee(t, a.userId, { state: 'refunded' });
    expect(itemOf(await status(a))?.state).toBe('missing');
  });

  it('waived by an approved waiver request: waived and complete; a denied one leaves it missing', async () => {
    const a = await submitted();
    await feeWaiverRequest(t, a.userId, 'approved');
    const s = await status(a);
    expect(itemOf(s)).toMatchObject({ state: 'waived', updated_at: t.clock.now().toISOString() });
    expect(s.complete).toBe(true);

    const b = await submitted();
    await feeWaiverRequest(t, b.userId, 'denied');
    expect(itemOf(await status(b))).toMatchObject({ state: 'missing' });
  });

  it("waived by the office's checklist waiver (item_key application_fee), which it can take back", async () => {
    const a = await submitted();
    const res = await staff.post(checklistWaiversPath(a.userId), { item_key: 'application_fee', reason: 'Veteran' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: ChecklistItem[] }>().items.find((i) => i.key === 'application_fee')).toMatchObject({
      state: 'waived',
      waiver_reason: 'Veteran',
    });
    let s = await status(a);
    expect(itemOf(s)?.state).toBe('waived');
    expect(s.complete).toBe(true);
    const detail = (
      await expectOk(await staff.get(`/api/staff/applications/${a.userId}`))
    ).json<StaffApplicationDetail>();
    expect(detail).toMatchObject({ complete: true, fee: 'waived', deposit: null });

    await expectOk(await staff.delete(`${checklistWaiversPath(a.userId)}?item_key=application_fee`));
    s = await status(a);
    expect(itemOf(s)?.state).toBe('missing');
    // The deposit is no item before an offer is accepted: nothing to waive.
    const deposit = await staff.post(checklistWaiversPath(a.userId), { item_key: 'deposit', reason: 'x' });
    expect(deposit.statusCode).toBe(400);
    expect(deposit.json()).toMatchObject({ code: 'CHECKLIST_ITEM_UNKNOWN' });
    // A fee is paid or waived, never marked received or asked for again by the office.
    const received = await staff.post(`/api/staff/applications/${a.userId}/receipts`, {
      item_key: 'application_fee',
      note: 'Paid at the desk',
    });
    expect(received.json()).toMatchObject({ code: 'ITEM_NOT_RECEIVABLE' });
    const asked = await staff.post(`/api/staff/applications/${a.userId}/requests`, {
      item_key: 'application_fee',
      message: 'Please pay',
    });
    expect(asked.json()).toMatchObject({ code: 'ITEM_NOT_REQUESTABLE' });
  });

  it('while a waiver request is pending: missing, with a message, and never overdue', async () => {
    const a = await submitted();
    await feeWaiverRequest(t, a.userId, 'pending');
    const message = expect.stringContaining('being considered');
    expect(itemOf(await status(a))).toMatchObject({ state: 'missing', message });
    await advance(100 * HOUR, a);
    const s = await status(a);
    expect(itemOf(s)).toMatchObject({ state: 'missing', message });
    expect(s.complete).toBe(false);
  });

  it('overdue payment_grace_hours (72) after submission: still missing, with a message that says so', async () => {
    const a = await submitted();
    await advance(72 * HOUR - 1000, a);
    expect(itemOf(await status(a))?.message).toBeUndefined();
    await advance(1000, a);
    expect(itemOf(await status(a))).toMatchObject({
      state: 'missing',
      message: expect.stringContaining('overdue'),
    });
    // Paid late, it is received all the same.
    await paidFee(t, a.userId);
    expect(itemOf(await status(a))?.state).toBe('received');
  });
});

describe("the deposit's checklist item (issue 43)", () => {
  it('none until an offer is accepted; then missing ($250.00) until paid, overdue after due_days', async () => {
    const a = await submitted();
    await paidFee(t, a.userId);
    await expectOk(await staff.put(`/api/staff/applications/${a.userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [a.userId] }));
    let s = await status(a);
    expect(itemOf(s, 'deposit')).toBeUndefined();
    expect(s.complete).toBe(true);

    await advance(DAY, a);
    await expectOk(await a.client.post('/api/decision/response', { response: 'accept' }));
    s = await status(a);
    expect(itemOf(s, 'deposit')).toEqual({
      key: 'deposit',
      label: 'Enrollment deposit ($250.00)',
      state: 'missing',
      updated_at: null,
      kind: 'fee',
      href: '/completion',
    });
    expect(s.complete).toBe(false);
    // The office's list learns it with the answer (the same transaction).
    const { rows } = await t.db.query<{ deposit_state: string; deposit_due_at: Date; complete: boolean }>(
      'SELECT deposit_state, deposit_due_at, complete FROM staff_application_index WHERE user_id = $1',
      [a.userId],
    );
    expect(rows[0]).toMatchObject({ deposit_state: 'due' });
    expect(new Date(rows[0]!.deposit_due_at).toISOString()).toBe(
      new Date(t.clock.now().getTime() + 14 * DAY).toISOString(),
    );

    await advance(14 * DAY, a);
    expect(itemOf(await status(a), 'deposit')).toMatchObject({
      state: 'missing',
      message: expect.stringContaining('enrollment deposit is overdue'),
    });
    await paidFee(t, a.userId, { purpose: 'deposit', amount: 25000 });
    s = await status(a);
    expect(itemOf(s, 'deposit')).toMatchObject({ state: 'received', updated_at: t.clock.now().toISOString() });
    expect(s.complete).toBe(true);
  });
});
