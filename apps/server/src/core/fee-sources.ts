import {
  deriveFees,
  type FeePayment,
  type FeeSources,
  type FeeView,
  type PaymentPurpose,
  type TenantFees,
} from '@admissions/domain';
import type { Queryable } from '../infra/db/db';

interface FeeRow {
  user_id: string;
  program: string;
  submitted_at: Date | null;
  accepted_at: Date | null;
  waiver_state: 'pending' | 'approved' | 'denied' | null;
  waiver_decided_at: Date | null;
  fee_waived_at: Date | null;
  deposit_waived_at: Date | null;
  payments: (Omit<FeePayment, 'paid_at'> & { paid_at: string | null })[] | null;
}

/**
 * The fees of these applications (issue 43, decision 065) as `deriveFees` judges them: one statement
 * whatever the number of applications, read by the checklist, the status page, the payments calls and the
 * office's index alike, so each shows the same state.
 */
export async function feesOf(
  db: Queryable,
  fees: TenantFees | undefined,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, FeeView[]>> {
  const out = new Map<string, FeeView[]>();
  if (!fees || userIds.length === 0) return out;
  const { rows } = await db.query<FeeRow>(
    `SELECT a.user_id, COALESCE(a.answers->>'applied_major', '') AS program, a.submitted_at,
       (SELECT d.response_at FROM decisions d
         WHERE d.user_id = a.user_id AND d.status = 'released' AND d.response = 'accept') AS accepted_at,
       w.state AS waiver_state, w.decided_at AS waiver_decided_at,
       (SELECT waived_at FROM checklist_waivers c WHERE c.user_id = a.user_id AND c.item_key = 'application_fee') AS fee_waived_at,
       (SELECT waived_at FROM checklist_waivers c WHERE c.user_id = a.user_id AND c.item_key = 'deposit') AS deposit_waived_at,
       (SELECT json_agg(json_build_object('purpose', p.purpose, 'state', p.state, 'amount', p.amount, 'paid_at', p.paid_at))
          FROM payments p WHERE p.user_id = a.user_id AND p.state IN ('paid', 'partially_refunded')) AS payments
     FROM applications a LEFT JOIN fee_waiver_requests w ON w.user_id = a.user_id
     WHERE a.user_id = ANY($1::uuid[])`,
    [userIds],
  );
  for (const row of rows) out.set(row.user_id, deriveFees(fees, sourcesOf(row, now)));
  return out;
}

function sourcesOf(row: FeeRow, now: Date): FeeSources {
  const officeWaivers: Partial<Record<PaymentPurpose, Date>> = {};
  if (row.fee_waived_at) officeWaivers.application_fee = row.fee_waived_at;
  if (row.deposit_waived_at) officeWaivers.deposit = row.deposit_waived_at;
  return {
    program: row.program,
    submittedAt: row.submitted_at,
    acceptedAt: row.accepted_at,
    waiverRequest: row.waiver_state ? { state: row.waiver_state, decided_at: row.waiver_decided_at } : null,
    officeWaivers,
    payments: (row.payments ?? []).map((p) => ({ ...p, paid_at: p.paid_at ? new Date(p.paid_at) : null })),
    now,
  };
}
