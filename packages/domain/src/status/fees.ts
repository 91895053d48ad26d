import type { FeeState, FeeView, PaymentPurpose, PaymentState } from '../api/payments';
import type { TenantFees } from '../schemas/payments';

/** A payment as the fee's state needs it. */
export interface FeePayment {
  purpose: PaymentPurpose;
  state: PaymentState;
  amount: number;
  paid_at: Date | null;
}

export interface FeeSources {
  program: string;
  submittedAt: Date | null;
  payments: readonly FeePayment[];
  waiverRequest: { state: 'pending' | 'approved' | 'denied'; decided_at: Date | null } | null;
  /** The office's checklist waivers of `application_fee` or `deposit`, with when. */
  officeWaivers: Readonly<Partial<Record<PaymentPurpose, Date>>>;
  /** When the applicant accepted an offer (released, answered `accept`), if they did. */
  acceptedAt: Date | null;
  now: Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The application fee for a program in minor units: its own, else the tenant's; 0 or no `fees` means none. */
export function applicationFeeOf(fees: TenantFees | undefined, program: string): number {
  if (!fees?.application) return 0;
  return fees.application.by_program?.[program] ?? fees.application.amount;
}

/** A payment that counts as paid: confirmed, and not refunded in full. A mismatched amount never counts. */
const counts = (p: FeePayment) => p.state === 'paid' || p.state === 'partially_refunded';

/**
 * The fees of one application as they stand (decision 065): the application fee from submission on (and
 * shown before it, as `due`), the deposit once an offer is accepted. Derived from the sources each time, as
 * the checklist is, so a state cannot drift from the payments behind it.
 */
export function deriveFees(fees: TenantFees | undefined, src: FeeSources): FeeView[] {
  if (!fees) return [];
  const out: FeeView[] = [];
  const appFee = applicationFeeOf(fees, src.program);
  if (appFee > 0) {
    const dueAt = src.submittedAt
      ? new Date(src.submittedAt.getTime() + (fees.payment_grace_hours ?? 72) * HOUR_MS)
      : null;
    out.push(feeView('application_fee', appFee, fees.currency, dueAt, src));
  }
  if (fees.deposit && fees.deposit.amount > 0 && src.acceptedAt) {
    const dueAt = new Date(src.acceptedAt.getTime() + fees.deposit.due_days * DAY_MS);
    out.push(feeView('deposit', fees.deposit.amount, fees.currency, dueAt, src));
  }
  return out;
}

function feeView(
  purpose: PaymentPurpose,
  amount: number,
  currency: string,
  dueAt: Date | null,
  src: FeeSources,
): FeeView {
  const view: FeeView = { purpose, amount, currency, state: 'due' };
  if (dueAt) view.due_at = dueAt.toISOString();
  const paid = src.payments.find((p) => p.purpose === purpose && counts(p));
  const officeWaiver = src.officeWaivers[purpose];
  const request = purpose === 'application_fee' ? src.waiverRequest : null;
  let state: FeeState;
  if (paid) {
    state = 'paid';
    if (paid.paid_at) view.settled_at = paid.paid_at.toISOString();
  } else if (officeWaiver || request?.state === 'approved') {
    state = 'waived';
    const at = officeWaiver ?? request?.decided_at;
    if (at) view.settled_at = at.toISOString();
  } else if (request?.state === 'pending') {
    // While the office decides, the fee is not asked for: no one pays and is then refunded.
    state = 'waiver_pending';
  } else {
    state = dueAt && src.now >= dueAt ? 'overdue' : 'due';
  }
  view.state = state;
  return view;
}
