import {
  FEE_LABELS,
  formatForReader,
  formatInZone,
  formatMoney,
  type FeeFilter,
  type FeeState,
  type FeeView,
  type OfflinePaymentMethod,
  type PaymentMethod,
  type PaymentState,
} from '@admissions/domain';

/** A fee's state in a few words, as the office's list and panel show it. */
export const FEE_STATE_LABELS: Record<FeeState, string> = {
  due: 'Due',
  paid: 'Paid',
  waived: 'Waived',
  waiver_pending: 'Waiver requested',
  overdue: 'Overdue',
};

/** The office list's fee filter (issue 43). */
export const FEE_FILTER_LABELS: Record<FeeFilter, string> = {
  due: 'Fee due',
  paid: 'Fee paid',
  waived: 'Fee waived',
  overdue: 'Fee overdue',
  waiver_pending: 'Fee waiver requested',
  deposit_overdue: 'Deposit overdue',
};

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  amount_mismatch: 'Amount mismatch',
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Card (online)',
  check: 'Check',
  cash: 'Cash',
  other: 'Other',
};

export const OFFLINE_METHOD_LABELS: Record<OfflinePaymentMethod, string> = {
  check: 'Check',
  cash: 'Cash',
  other: 'Other',
};

/** Whether the fee is asked for now: a Pay button (online) or the way to pay by check (offline). */
export const isPayable = (fee: FeeView) => fee.state === 'due' || fee.state === 'overdue';

/**
 * One fee as the applicant reads it: 'Application fee: $75.00, due by 11:59 pm Central Time on Friday, 15 January
 * 2027' (with the applicant's own time when their clock differs), '…, paid on …', 'waived', '…, waiver request
 * being considered', '…, overdue'.
 */
export function feeSentence(fee: FeeView, timeZone: string, readerZone: string | undefined): string {
  const head = `${FEE_LABELS[fee.purpose]}: ${formatMoney(fee.amount, fee.currency)}`;
  const when = (iso: string) => formatForReader(iso, timeZone, readerZone);
  switch (fee.state) {
    case 'paid':
      return fee.settled_at ? `${head}, paid on ${formatInZone(fee.settled_at, timeZone)}` : `${head}, paid`;
    case 'waived':
      return `${FEE_LABELS[fee.purpose]}: waived`;
    case 'waiver_pending':
      return `${head}, waiver request being considered`;
    case 'overdue':
      return fee.due_at ? `${head}, overdue (it was due by ${when(fee.due_at)})` : `${head}, overdue`;
    case 'due':
      return fee.due_at ? `${head}, due by ${when(fee.due_at)}` : `${head}, due once you submit your application`;
  }
}

/** The office's line for a fee, in the institution's zone only. */
export function officeFeeSentence(fee: FeeView, timeZone: string): string {
  const head = `${FEE_LABELS[fee.purpose]}: ${formatMoney(fee.amount, fee.currency)}, ${FEE_STATE_LABELS[fee.state].toLowerCase()}`;
  if ((fee.state === 'paid' || fee.state === 'waived') && fee.settled_at)
    return `${head} on ${formatInZone(fee.settled_at, timeZone)}`;
  if ((fee.state === 'due' || fee.state === 'overdue') && fee.due_at)
    return `${head} (due by ${formatInZone(fee.due_at, timeZone)})`;
  return head;
}

/** The currency's minor digits (2 for USD, 0 for JPY), as formatMoney counts them. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount typed in dollars ('75', '75.5', '$1,250.00') in minor units (7500); null when it is no amount. Counted
 * in whole digits, never through a float's rounding.
 */
export function toMinorUnits(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const clean = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const pattern = digits > 0 ? new RegExp(`^(\\d+)(?:\\.(\\d{1,${digits}}))?$`) : /^(\d+)$/;
  const m = pattern.exec(clean);
  if (!m) return null;
  const whole = Number(m[1]);
  const fraction = Number((m[2] ?? '').padEnd(digits, '0') || '0');
  const amount = whole * 10 ** digits + fraction;
  return Number.isSafeInteger(amount) ? amount : null;
}

/** Minor units as the office types them back ('75.00'). */
export function toMajorText(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

/** The reader's own zone, when the browser tells it. */
export function readerZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
