import { FEE_LABELS, formatInZone, formatMoney, type PaymentPurpose, type TenantConfig } from '@admissions/domain';
import type { MailMessage } from '../../../infra/mail/mailer';
import { signature } from './signature';

/**
 * The receipt of a payment (issue 43): the amount, when (in the institution's zone, named), the provider's
 * reference and the college's name. Never a card: the product never had one.
 */
export function paymentReceiptMail(
  t: TenantConfig,
  to: string,
  payment: { purpose: PaymentPurpose; amount: number; currency: string; reference: string; paidAt: Date },
): MailMessage {
  const what = FEE_LABELS[payment.purpose].toLowerCase();
  return {
    kind: 'payment-receipt',
    to,
    subject: `Receipt: your ${what} to ${t.partnerName}`,
    text:
      `${t.partnerName} received your ${what} of ${formatMoney(payment.amount, payment.currency)} ` +
      `on ${formatInZone(payment.paidAt, t.time_zone)}.\n\n` +
      `Reference: ${payment.reference}\n\nKeep this e-mail as your receipt.\n\n` +
      signature(t),
  };
}

/** The office's answer to a fee waiver request, with its note to the applicant. */
export function feeWaiverDecisionMail(
  t: TenantConfig,
  to: string,
  decision: { approved: boolean; note: string; amount: number; currency: string },
): MailMessage {
  const note = decision.note ? `\n\nA note from the admissions office:\n${decision.note}` : '';
  const text = decision.approved
    ? `Your request to have the application fee waived was approved: there is nothing to pay.`
    : `Your request to have the application fee waived was not approved. The application fee of ` +
      `${formatMoney(decision.amount, decision.currency)} is now due; you can pay it from your application's status page.`;
  return {
    kind: 'fee-waiver-decision',
    to,
    subject: decision.approved ? 'Your application fee is waived' : 'Your fee waiver request',
    text: `${text}${note}\n\n${signature(t)}`,
  };
}

/** A refund the office sent: how much, of what, and when it may reach the applicant. */
export function refundMail(
  t: TenantConfig,
  to: string,
  refund: { purpose: PaymentPurpose; amount: number; currency: string; reason: string; online: boolean },
): MailMessage {
  const what = FEE_LABELS[refund.purpose].toLowerCase();
  const when = refund.online
    ? 'It goes back to the card you paid with; banks usually show it within 5 to 10 business days.'
    : 'The admissions office will send it to you the way you paid.';
  return {
    kind: 'payment-refund',
    to,
    subject: `A refund of your ${what}`,
    text:
      `${t.partnerName} refunded ${formatMoney(refund.amount, refund.currency)} of your ${what}.\n` +
      `Reason: ${refund.reason}\n\n${when}\n\n` +
      signature(t),
  };
}

/** Three days before an enrollment deposit falls due (DEPOSIT_REMINDER_DAYS): the amount and the instant, in zone. */
export function depositReminderMail(
  t: TenantConfig,
  to: string,
  deposit: { amount: number; currency: string; dueAt: Date; statusUrl: string },
): MailMessage {
  return {
    kind: 'deposit-reminder',
    to,
    subject: `Your enrollment deposit is due ${formatInZone(deposit.dueAt, t.time_zone)}`,
    text:
      `Your enrollment deposit of ${formatMoney(deposit.amount, deposit.currency)} to ${t.partnerName} is due by ` +
      `${formatInZone(deposit.dueAt, t.time_zone)}.\n\nYou can pay it from your application's status page: ${deposit.statusUrl}\n\n` +
      signature(t),
  };
}
