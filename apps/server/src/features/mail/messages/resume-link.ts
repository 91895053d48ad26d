import { formatInZone, type TenantConfig } from '@admissions/domain';
import type { MailMessage } from '../../../infra/mail/mailer';
import { signature } from './signature';

export function resumeLinkMail(t: TenantConfig, to: string, link: string, expiresAt: Date): MailMessage {
  return {
    kind: 'resume-link',
    to,
    subject: `Your saved ${t.shortName} application answers`,
    text:
      `You saved your answers to the ${t.partnerName} graduate application. Pick up where you left off here:\n${link}\n\n` +
      `The link works until ${formatInZone(expiresAt, t.time_zone)}. Create an account to keep your answers for good.\n\n` +
      signature(t),
    highlight: `resume link ${link}`,
  };
}
