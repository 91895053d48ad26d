import type { TenantConfig } from '@admissions/domain';
import type { MailMessage } from '../../../infra/mail/mailer';

export function resumeLinkMail(t: TenantConfig, to: string, link: string, expiresAt: Date): MailMessage {
  return {
    to,
    subject: `Your saved ${t.shortName} application answers`,
    text:
      `You saved your answers to the ${t.partnerName} graduate application. Pick up where you left off here:\n${link}\n\n` +
      `The link works until ${expiresAt.toUTCString()}. Create an account to keep your answers for good.\n\n` +
      `${t.partnerName} Graduate Admissions\n${t.addressLine1}\n${t.addressLine2}`,
    highlight: `resume link ${link}`,
  };
}
