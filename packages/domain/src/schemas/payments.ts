import { z } from 'zod';
import { OFFLINE_PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATES } from '../api/payments';

const minorUnits = z.number().int().min(0).max(100_000_000);

/**
 * The tenant's fees (issue 43). Without this block there are no fees. Amounts are integer minor units of
 * `currency`; `by_program` overrides the application fee for a program (0: none).
 */
export const tenantFeesSchema = z.strictObject({
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD'),
  application: z
    .strictObject({
      amount: minorUnits,
      by_program: z.record(z.string(), minorUnits).optional(),
    })
    .optional(),
  deposit: z.strictObject({ amount: minorUnits, due_days: z.number().int().min(1).max(365) }).optional(),
  waiver_criteria: z
    .array(z.strictObject({ id: z.string().regex(/^[a-z0-9_-]{1,32}$/), label: z.string().min(1).max(120) }))
    .max(20)
    .optional(),
  /** Hours after submission before an unpaid application fee is overdue. */
  payment_grace_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 90)
    .optional(),
});
export type TenantFees = z.infer<typeof tenantFeesSchema>;

export const checkoutBody = z.strictObject({ purpose: z.enum(PAYMENT_PURPOSES) });
export const paymentConfirmBody = z.strictObject({ session_id: z.string().trim().min(1).max(255) });
export const waiverRequestBody = z.strictObject({
  criterion: z.string().trim().min(1).max(32),
  statement: z.string().trim().min(1).max(4000),
});

export const offlinePaymentBody = z.strictObject({
  amount: z.number().int().min(1).max(100_000_000),
  method: z.enum(OFFLINE_PAYMENT_METHODS),
  reference: z.string().trim().min(1).max(100),
  received_on: z.iso.date('must be a date such as 2026-11-28'),
  purpose: z.enum(PAYMENT_PURPOSES).optional(),
});
export const feeWaiverDecisionBody = z.strictObject({
  decision: z.enum(['approve', 'deny']),
  note: z.string().trim().max(2000).optional(),
});
export const refundBody = z.strictObject({
  amount: z.number().int().min(1).max(100_000_000),
  reason: z.string().trim().min(1).max(500),
});

/** GET /api/staff/payments: from and to are local dates in the institution's zone, both included. */
export const staffPaymentsQuery = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  state: z.enum(PAYMENT_STATES).optional(),
  format: z.string().trim().max(20).optional(),
});
