import { formatInZone } from '@admissions/domain';
import type { Config } from '../../../config';
import type { MailMessage } from '../../../infra/mail/mailer';
import { signature } from './signature';

const statusPage = (config: Config) => new URL('/completion', config.publicUrl).toString();

/**
 * Sent once when a decision is released. It says only that there is news and
 * where to read it: a mailbox is read on shared screens and forwarded, so the
 * decision, its letter and its reasons stay behind the login. The same words
 * for every code, so not even the subject or the length gives it away.
 */
export function decisionAvailableMail(config: Config, to: string): MailMessage {
  const t = config.tenant;
  return {
    to,
    kind: 'decision-available',
    subject: `An update on your ${t.applicationTitle}`,
    text:
      `There is an update on your application to ${t.partnerName}.\n\n` +
      `To read it, log in to the application portal at ${statusPage(config)}.\n\n` +
      `For your privacy, this e-mail does not say more.\n\n` +
      signature(t),
  };
}

/** The applicant's own answer to an offer, confirmed. */
export function offerResponseMail(config: Config, to: string, response: 'accept' | 'decline', at: Date): MailMessage {
  const t = config.tenant;
  const when = formatInZone(at, t.time_zone);
  const what = response === 'accept' ? 'accepted' : 'declined';
  return {
    to,
    kind: 'offer-response',
    subject: `You ${what} the offer of ${t.partnerName}`,
    text:
      `We received your answer at ${when}: you ${what} our offer of admission.\n\n` +
      (response === 'accept'
        ? `We look forward to welcoming you. We will write to you about the next steps.\n\n`
        : `Thank you for letting us know. We wish you every success.\n\n`) +
      `You can read your letter at any time at ${statusPage(config)}.\n\n` +
      signature(t),
  };
}

/** An offer that was not answered by its date, declined by default. */
export function offerLapsedMail(config: Config, to: string, replyBy: Date): MailMessage {
  const t = config.tenant;
  return {
    to,
    kind: 'offer-lapsed',
    subject: `Your offer from ${t.partnerName} has lapsed`,
    text:
      `We did not receive an answer to our offer of admission by ${formatInZone(replyBy, t.time_zone)}, ` +
      `so the offer is now declined.\n\n` +
      `If you believe this is a mistake, please write to us as soon as possible. ` +
      `Your application's page is at ${statusPage(config)}.\n\n` +
      signature(t),
  };
}

/** The applicant withdrew the application. */
export function withdrawalMail(config: Config, to: string, at: Date): MailMessage {
  const t = config.tenant;
  return {
    to,
    kind: 'withdrawal',
    subject: `You withdrew your ${t.applicationTitle}`,
    text:
      `You withdrew your application to ${t.partnerName} at ${formatInZone(at, t.time_zone)}.\n\n` +
      `If you did not mean to, please write to us as soon as possible.\n\n` +
      signature(t),
  };
}
