import { formatInZone, type TenantConfig } from '@admissions/domain';
import type { MailMessage } from '../../../infra/mail/mailer';
import { signature } from './signature';

/**
 * The warning before an unsubmitted application, untouched for the retention period, is deleted with its
 * account (features/retention). Logging in is all it takes to keep it, so the mail says exactly that.
 */
export function retentionWarningMail(
  t: TenantConfig,
  to: string,
  facts: { deleteAfter: Date; months: number; loginUrl: string },
): MailMessage {
  return {
    kind: 'retention-warning',
    to,
    subject: `Your unfinished ${t.shortName} application will be deleted in 30 days`,
    text:
      `You started a ${t.partnerName} graduate application with this e-mail address but have not submitted it, ` +
      `and nobody has logged in to it for almost ${facts.months} months.\n\n` +
      `We keep unfinished applications only that long. Unless you log in before ` +
      `${formatInZone(facts.deleteAfter, t.time_zone)}, the application, its uploaded documents and the account ` +
      `will be deleted for good.\n\n` +
      `To keep it, log in here: ${facts.loginUrl}\n` +
      `If you no longer need it, you do not have to do anything.` +
      `\n\n${signature(t)}`,
  };
}
