import { describe, expect, it } from 'vitest';
import { SAMPLE_TENANT } from '../../../../test/tenants';
import { buildForm } from '../form/build-form';
import type { TenantFees } from '../schemas/payments';
import { deriveChecklist } from './checklist';
import { applicationFeeOf, deriveFees, type FeeSources } from './fees';

const FEES: TenantFees = {
  currency: 'USD',
  application: { amount: 7500, by_program: { GSCUP: 0 } },
  deposit: { amount: 25000, due_days: 14 },
  waiver_criteria: [{ id: 'mcnair', label: 'McNair Scholar' }],
  payment_grace_hours: 72,
};

const SUBMITTED = new Date('2026-11-02T09:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function sources(over: Partial<FeeSources> = {}): FeeSources {
  return {
    program: 'MAE',
    submittedAt: SUBMITTED,
    payments: [],
    waiverRequest: null,
    officeWaivers: {},
    acceptedAt: null,
    now: new Date(SUBMITTED.getTime() + HOUR),
    ...over,
  };
}

describe('deriveFees (issue 43)', () => {
  it('no fees block: no fees at all, whatever happened', () => {
    expect(deriveFees(undefined, sources({ acceptedAt: SUBMITTED }))).toEqual([]);
    expect(applicationFeeOf(undefined, 'MAE')).toBe(0);
  });

  it("a program's own amount wins; by_program 0 means no application fee", () => {
    expect(applicationFeeOf(FEES, 'MAE')).toBe(7500);
    expect(applicationFeeOf(FEES, 'GSCUP')).toBe(0);
    expect(deriveFees(FEES, sources({ program: 'GSCUP' }))).toEqual([]);
    expect(applicationFeeOf({ currency: 'USD', application: { amount: 5000, by_program: { MAE: 9000 } } }, 'MAE')).toBe(
      9000,
    );
    // No application block: no application fee, but a deposit once an offer is accepted.
    const depositOnly: TenantFees = { currency: 'USD', deposit: { amount: 100, due_days: 1 } };
    expect(deriveFees(depositOnly, sources())).toEqual([]);
    expect(deriveFees(depositOnly, sources({ acceptedAt: SUBMITTED })).map((f) => f.purpose)).toEqual(['deposit']);
  });

  it('before submission: due without a due date', () => {
    expect(deriveFees(FEES, sources({ submittedAt: null }))).toEqual([
      { purpose: 'application_fee', amount: 7500, currency: 'USD', state: 'due' },
    ]);
  });

  it('due within the grace, overdue from payment_grace_hours after submission on', () => {
    const dueAt = new Date(SUBMITTED.getTime() + 72 * HOUR);
    expect(deriveFees(FEES, sources())).toEqual([
      { purpose: 'application_fee', amount: 7500, currency: 'USD', state: 'due', due_at: dueAt.toISOString() },
    ]);
    expect(deriveFees(FEES, sources({ now: new Date(dueAt.getTime() - 1) }))[0]?.state).toBe('due');
    expect(deriveFees(FEES, sources({ now: dueAt }))[0]?.state).toBe('overdue');
    // Without payment_grace_hours, 72 hours.
    const { payment_grace_hours: _g, ...noGrace } = FEES;
    expect(deriveFees(noGrace, sources())[0]?.due_at).toBe(dueAt.toISOString());
  });

  it('paid by a confirmed payment (also when partly refunded), never by a pending, mismatched or refunded one', () => {
    const paidAt = new Date(SUBMITTED.getTime() + 2 * HOUR);
    const late = { now: new Date(SUBMITTED.getTime() + 100 * DAY) };
    for (const state of ['paid', 'partially_refunded'] as const) {
      expect(
        deriveFees(
          FEES,
          sources({ ...late, payments: [{ purpose: 'application_fee', state, amount: 7500, paid_at: paidAt }] }),
        )[0],
      ).toMatchObject({ state: 'paid', settled_at: paidAt.toISOString() });
    }
    for (const state of ['pending', 'amount_mismatch', 'refunded', 'failed', 'expired'] as const) {
      expect(
        deriveFees(
          FEES,
          sources({ ...late, payments: [{ purpose: 'application_fee', state, amount: 7500, paid_at: paidAt }] }),
        )[0]?.state,
      ).toBe('overdue');
    }
    // A paid deposit does not pay the application fee.
    expect(
      deriveFees(
        FEES,
        sources({ payments: [{ purpose: 'deposit', state: 'paid', amount: 25000, paid_at: paidAt }] }),
      )[0]?.state,
    ).toBe('due');
  });

  it('a waiver request: pending holds the fee (never overdue), approved waives it, denied leaves it due', () => {
    const late = new Date(SUBMITTED.getTime() + 100 * DAY);
    const decided = new Date(SUBMITTED.getTime() + DAY);
    expect(
      deriveFees(FEES, sources({ now: late, waiverRequest: { state: 'pending', decided_at: null } }))[0]?.state,
    ).toBe('waiver_pending');
    expect(deriveFees(FEES, sources({ waiverRequest: { state: 'approved', decided_at: decided } }))[0]).toMatchObject({
      state: 'waived',
      settled_at: decided.toISOString(),
    });
    expect(
      deriveFees(FEES, sources({ now: late, waiverRequest: { state: 'denied', decided_at: decided } }))[0]?.state,
    ).toBe('overdue');
  });

  it("the office's checklist waiver waives the fee; a payment still counts first", () => {
    const waivedAt = new Date(SUBMITTED.getTime() + DAY);
    expect(deriveFees(FEES, sources({ officeWaivers: { application_fee: waivedAt } }))[0]).toMatchObject({
      state: 'waived',
      settled_at: waivedAt.toISOString(),
    });
    expect(
      deriveFees(
        FEES,
        sources({
          officeWaivers: { application_fee: waivedAt },
          payments: [{ purpose: 'application_fee', state: 'paid', amount: 7500, paid_at: SUBMITTED }],
        }),
      )[0]?.state,
    ).toBe('paid');
  });

  it('the deposit: none before an offer is accepted, then due for due_days, then overdue; its own waiver and payment', () => {
    expect(deriveFees(FEES, sources()).map((f) => f.purpose)).toEqual(['application_fee']);
    const acceptedAt = new Date(SUBMITTED.getTime() + 30 * DAY);
    const dueAt = new Date(acceptedAt.getTime() + 14 * DAY);
    const deposit = (over: Partial<FeeSources>) =>
      deriveFees(FEES, sources({ acceptedAt, now: acceptedAt, ...over })).find((f) => f.purpose === 'deposit');
    expect(deposit({})).toEqual({
      purpose: 'deposit',
      amount: 25000,
      currency: 'USD',
      state: 'due',
      due_at: dueAt.toISOString(),
    });
    expect(deposit({ now: dueAt })?.state).toBe('overdue');
    // The application fee's waiver request is not the deposit's.
    expect(deposit({ waiverRequest: { state: 'approved', decided_at: acceptedAt } })?.state).toBe('due');
    expect(deposit({ officeWaivers: { deposit: acceptedAt } })?.state).toBe('waived');
    expect(
      deposit({ now: dueAt, payments: [{ purpose: 'deposit', state: 'paid', amount: 25000, paid_at: dueAt }] })?.state,
    ).toBe('paid');
    // A program without an application fee still owes the deposit.
    expect(deriveFees(FEES, sources({ program: 'GSCUP', acceptedAt })).map((f) => f.purpose)).toEqual(['deposit']);
  });
});

describe("the checklist's fee items (issue 43)", () => {
  const form = buildForm(SAMPLE_TENANT);
  const checklist = (submittedAt: Date | null, fees: FeeSources) =>
    deriveChecklist(form, {
      answers: { applied_major: 'MAE' },
      view: {},
      now: fees.now,
      submittedAt,
      answersChangedAt: null,
      documents: {},
      letters: {},
      requests: [],
      waivers: [],
      fees: deriveFees(FEES, fees),
    });
  const feeItem = (items: ReturnType<typeof checklist>, key = 'application_fee') => items.find((i) => i.key === key);

  it('none before submission; after it, missing with its amount until paid, then received', () => {
    expect(feeItem(checklist(null, sources({ submittedAt: null })))).toBeUndefined();
    expect(feeItem(checklist(SUBMITTED, sources()))).toEqual({
      key: 'application_fee',
      label: 'Application fee ($75.00)',
      state: 'missing',
      updated_at: null,
      kind: 'fee',
      href: '/completion',
    });
    const paidAt = new Date(SUBMITTED.getTime() + HOUR);
    expect(
      feeItem(
        checklist(
          SUBMITTED,
          sources({ payments: [{ purpose: 'application_fee', state: 'paid', amount: 7500, paid_at: paidAt }] }),
        ),
      ),
    ).toMatchObject({ state: 'received', updated_at: paidAt.toISOString() });
  });

  it('waived; missing with a message while a waiver is considered, or once overdue; the deposit once accepted', () => {
    expect(
      feeItem(checklist(SUBMITTED, sources({ waiverRequest: { state: 'approved', decided_at: SUBMITTED } })))?.state,
    ).toBe('waived');
    expect(
      feeItem(checklist(SUBMITTED, sources({ waiverRequest: { state: 'pending', decided_at: null } }))),
    ).toMatchObject({ state: 'missing', message: expect.stringContaining('being considered') });
    expect(feeItem(checklist(SUBMITTED, sources({ now: new Date(SUBMITTED.getTime() + 73 * HOUR) })))).toMatchObject({
      state: 'missing',
      message: expect.stringContaining('overdue'),
    });
    expect(feeItem(checklist(SUBMITTED, sources({ acceptedAt: SUBMITTED })), 'deposit')).toMatchObject({
      label: 'Enrollment deposit ($250.00)',
      state: 'missing',
      kind: 'fee',
    });
  });
});
