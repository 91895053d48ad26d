import {
  addLocalDays,
  formatSpreadsheetTime,
  localDateOf,
  localDayTimeToInstant,
  PAYMENT_STATES,
  zoneName,
  type PaymentState,
  type StaffPaymentRow,
  type StaffPaymentsResponse,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { jsonOrCsv } from '../../http/json-or-csv';
import { csvLine } from '../../http/csv';
import type { Queryable } from '../../infra/db/db';
import type { StaffAccess } from '../../session/staff-access';
import { refundsMadeIn, staffPaymentRows } from './staff-payments-repository';

/** The states in which the payment's money was received (a refund of it is counted apart, when it is made). */
const RECEIVED: readonly PaymentState[] = ['paid', 'partially_refunded', 'refunded', 'amount_mismatch'];

/**
 * What the list shows without `?state=`: every payment but the checkouts that lapsed unpaid (`expired`). A
 * lapsed checkout is no money and no payment the applicant made (most applicants who open the provider's page
 * and leave make one), so it would only bury the payments among abandoned pages; the office still finds them
 * with `?state=expired`, and each application's panel shows them. An open checkout (`pending`) is listed: it
 * is the one the applicant may be paying right now, and it lapses within a day. `failed` is listed too.
 */
export const DEFAULT_LIST_STATES: readonly PaymentState[] = PAYMENT_STATES.filter((s) => s !== 'expired');

export type PaymentsFormat = 'json' | 'csv';

/** JSON or CSV, as the reports offer them; anything else is 406 PAYMENT_FORMAT_UNKNOWN. */
export function paymentsFormat(format: string | undefined, accept: string | undefined): PaymentsFormat {
  return jsonOrCsv(format, accept, 'PAYMENT_FORMAT_UNKNOWN');
}

/**
 * GET /api/staff/payments (issue 43): the payments of the applications the member may see (their programs,
 * never their own application), newest first, between two local dates of the institution's zone (both
 * included; `from` alone: from that day on; `to` alone: up to that day), by when each was paid (an unpaid
 * checkout: when it began). The totals are per local day: `paid` what was received that day, `refunded` what
 * was refunded that day (whichever day its payment was; the bank shows it leaving then), `net` the difference,
 * `count` the payments listed that day.
 */
export async function paymentsList(
  deps: AppDeps,
  db: Queryable,
  access: Pick<StaffAccess, 'userId' | 'programs'>,
  query: { from?: string | undefined; to?: string | undefined; state?: PaymentState | undefined },
): Promise<StaffPaymentsResponse> {
  const timeZone = deps.config.tenant.time_zone;
  const scope = {
    access,
    since: query.from ? localMidnight(query.from, timeZone) : null,
    until: query.to ? localMidnight(addLocalDays(query.to, 1), timeZone) : null,
    states: query.state ? [query.state] : DEFAULT_LIST_STATES,
  };
  const payments = await staffPaymentRows(db, scope);
  const refunds = await refundsMadeIn(db, scope);
  const days = new Map<string, { day: string; paid: number; refunded: number; net: number; count: number }>();
  const dayOf = (day: string) => {
    let total = days.get(day);
    if (!total) days.set(day, (total = { day, paid: 0, refunded: 0, net: 0, count: 0 }));
    return total;
  };
  for (const p of payments) {
    const total = dayOf(localDateOf(p.paid_at ?? p.created_at, timeZone));
    total.count += 1;
    if (RECEIVED.includes(p.state)) total.paid += p.amount;
  }
  for (const r of refunds) dayOf(localDateOf(r.settled_at, timeZone)).refunded += r.amount;
  for (const total of days.values()) total.net = total.paid - total.refunded;
  return {
    payments,
    totals: [...days.values()].sort((a, b) => (a.day < b.day ? 1 : -1)),
    currency: deps.config.tenant.fees?.currency ?? payments[0]?.currency ?? 'USD',
    time_zone: timeZone,
  };
}

/** The instant a local day begins in the zone (just past the gap, on a day whose midnight is skipped). */
function localMidnight(day: string, timeZone: string): Date {
  const at = localDayTimeToInstant(day, timeZone, '00:00:00');
  if (!at) throw new AppError('BAD_REQUEST', { errors: { _: [`${day} is not a date`] } });
  return at;
}

/** An amount in the currency's major units, as a number a spreadsheet sums (7500 USD: 75). */
function major(amount: number, currency: string): number {
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return Number((amount / 10 ** digits).toFixed(digits));
}

/**
 * The list as CSV for reconciliation: the list's columns, one line a payment in list order; times as a
 * spreadsheet reads them in the zone the header names, amounts in major units with their currency.
 */
export function paymentsCsv(list: StaffPaymentsResponse, now: Date): string {
  const zone = zoneName(now, list.time_zone);
  const header = [
    `Paid (${zone})`,
    'State',
    'Purpose',
    'Method',
    'Amount',
    'Refunded',
    'Currency',
    'Reference',
    'Applicant',
    'E-mail',
    'Program',
    'Application ID',
    'Payment ID',
    'Expected amount',
    'Received on',
    'Recorded by',
    `Created (${zone})`,
  ];
  const line = (p: StaffPaymentRow) => [
    p.paid_at ? formatSpreadsheetTime(p.paid_at, list.time_zone) : '',
    p.state,
    p.purpose,
    p.method,
    major(p.amount, p.currency),
    major(p.refunded_amount, p.currency),
    p.currency,
    p.reference,
    p.applicant_name,
    p.applicant_email,
    p.program,
    p.application_id,
    p.id,
    major(p.expected_amount, p.currency),
    p.received_on ?? '',
    p.recorded_by ?? '',
    formatSpreadsheetTime(p.created_at, list.time_zone),
  ];
  return [header, ...list.payments.map(line)].map(csvLine).join('');
}
