/**
 * Fees, fee waivers, deposits and refunds (issue 43; docs/decisions/065-fees-and-payments.md). Amounts are
 * integer minor units of the tenant's `fees.currency` (7500 is $75.00). A payment counts only when the
 * provider confirms it (its signed webhook, or the session read back from it), or when the office records
 * one it received itself; the return URL's own parameters prove nothing.
 */
export const PAYMENT_PURPOSES = ['application_fee', 'deposit'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** Where a fee stands for the applicant: `overdue` once the grace (fee) or the due date (deposit) has passed. */
export const FEE_STATES = ['due', 'paid', 'waived', 'waiver_pending', 'overdue'] as const;
export type FeeState = (typeof FEE_STATES)[number];

export const PAYMENT_STATES = [
  'pending',
  'paid',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
  'amount_mismatch',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** `stripe`: the provider's hosted Checkout; the others are recorded by the office by hand. */
export const PAYMENT_METHODS = ['stripe', 'check', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const OFFLINE_PAYMENT_METHODS = ['check', 'cash', 'other'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];

/** The checklist's item for the application fee (and the office's waiver of it). */
export const APPLICATION_FEE_ITEM = 'application_fee';
/** The checklist's item for the enrollment deposit, once an offer is accepted. */
export const DEPOSIT_ITEM = 'deposit';

/** A reminder of a deposit goes out this many days before it falls due. */
export const DEPOSIT_REMINDER_DAYS = 3;

export const FEE_LABELS: Record<PaymentPurpose, string> = {
  application_fee: 'Application fee',
  deposit: 'Enrollment deposit',
};

export interface FeeView {
  purpose: PaymentPurpose;
  amount: number;
  currency: string;
  state: FeeState;
  /** When an unpaid fee becomes overdue (ISO instant): submission + grace, or acceptance + due_days. */
  due_at?: string;
  /** When it was paid or waived (ISO instant). */
  settled_at?: string;
}

export interface PaymentView {
  id: string;
  purpose: PaymentPurpose;
  amount: number;
  currency: string;
  state: PaymentState;
  method: PaymentMethod;
  /** The provider's payment id or the office's check number. */
  reference: string;
  paid_at: string | null;
  refunded_amount: number;
}

export interface FeeWaiverRequestView {
  criterion: string;
  criterion_label: string;
  statement: string;
  state: 'pending' | 'approved' | 'denied';
  requested_at: string;
  decided_at: string | null;
  note: string;
}

/** GET /api/payments: the open application's fees and payments. `online` is false without a provider. */
export interface PaymentsResponse {
  fees: FeeView[];
  payments: PaymentView[];
  waiver_request: FeeWaiverRequestView | null;
  online: boolean;
}

/** POST /api/payments/checkout: the provider's hosted page. */
export interface CheckoutResponse {
  url: string;
}

/** POST /api/payments/confirm: the fees as they stand after the session was read back from the provider. */
export type ConfirmResponse = PaymentsResponse;

/** A payment as the office sees it: GET /api/staff/payments and the application's payments panel. */
export interface StaffPaymentRow extends PaymentView {
  application_id: string;
  applicant_name: string;
  applicant_email: string;
  program: string;
  expected_amount: number;
  created_at: string;
  recorded_by: string | null;
  received_on: string | null;
  refunds: StaffRefundRow[];
}

export interface StaffRefundRow {
  id: string;
  amount: number;
  reason: string;
  state: 'pending' | 'succeeded' | 'failed';
  created_by: string;
  created_at: string;
}

/** GET /api/staff/payments: one page of payments, newest first, with totals per local day in the institution's zone. */
export interface StaffPaymentsResponse {
  payments: StaffPaymentRow[];
  /** Per local day (YYYY-MM-DD in the institution's zone): what was paid, what was refunded, net. */
  totals: { day: string; paid: number; refunded: number; net: number; count: number }[];
  currency: string;
  time_zone: string;
}

/** GET /api/staff/applications/{id}/payments: the panel on the application's page. */
export interface StaffApplicationPaymentsResponse {
  fees: FeeView[];
  payments: StaffPaymentRow[];
  waiver_request: FeeWaiverRequestView | null;
  online: boolean;
}

/** The staff list's fee filter. `deposit_overdue` finds accepted offers whose deposit has fallen due. */
export const FEE_FILTERS = ['due', 'paid', 'waived', 'overdue', 'waiver_pending', 'deposit_overdue'] as const;
export type FeeFilter = (typeof FEE_FILTERS)[number];

/** "$75.00": an amount in minor units, in the currency's own way (en-US). */
export function formatMoney(amount: number, currency: string): string {
  const { format, digits } = moneyFormatOf(currency);
  return format.format(amount / 10 ** digits);
}

/**
 * One formatter a currency: making an Intl.NumberFormat costs far more than using one, and a page of the read API
 * or a webhook burst formats a fee for each of hundreds of applications (docs/performance/api-v1.md).
 */
const moneyFormats = new Map<string, { format: Intl.NumberFormat; digits: number }>();
function moneyFormatOf(currency: string): { format: Intl.NumberFormat; digits: number } {
  let known = moneyFormats.get(currency);
  if (!known) {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    known = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    moneyFormats.set(currency, known);
  }
  return known;
}
