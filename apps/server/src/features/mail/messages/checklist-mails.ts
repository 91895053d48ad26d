import type { Config } from '../../../config';
import type { MailMessage } from '../../../infra/mail/mailer';
import { plainName } from './letter-mails';
import { signature } from './signature';

const completionLink = (publicUrl: URL) => new URL('/completion', publicUrl).toString();

/**
 * The office asks for one document: again, when one was uploaded; else for the first time (a transcript the
 * applicant chose to have sent). The office's message is written by staff for the applicant; it is quoted as
 * typed (plain text only).
 */
export function itemRequestedMail(
  config: Config,
  to: string,
  facts: { label: string; message: string; uploaded: boolean },
): MailMessage {
  return {
    to,
    kind: 'item-requested',
    subject: `The admissions office asks you for: ${facts.label}`,
    text: [
      `The admissions office has looked at your application and asks you to upload this item${facts.uploaded ? ' again' : ''}: ${facts.label}.`,
      '',
      'Their message:',
      facts.message,
      '',
      `Upload it from your application's status page: ${completionLink(config.publicUrl)}`,
      'Only this item can be changed; the rest of your application stays as you submitted it.',
      '',
      signature(config.tenant),
    ].join('\n'),
  };
}

/** The office takes its request for a document back: the applicant need not upload it (issue 41). */
export function itemRequestWithdrawnMail(config: Config, to: string, facts: { label: string }): MailMessage {
  return {
    to,
    kind: 'item-request-withdrawn',
    subject: `The admissions office no longer asks you for: ${facts.label}`,
    text: [
      `The admissions office has withdrawn its request for this item: ${facts.label}. You need not upload it.`,
      '',
      `Your application's status page shows where everything stands: ${completionLink(config.publicUrl)}`,
      '',
      signature(config.tenant),
    ].join('\n'),
  };
}

/** A recommender's address refused our mail: the applicant can correct it (decision 044). */
export function addressProblemMail(
  config: Config,
  to: string,
  facts: { recommenderName: string; email: string; reason: string },
): MailMessage {
  const name = plainName(facts.recommenderName) || 'your recommender';
  return {
    to,
    kind: 'address-problem',
    subject: `We could not reach ${name}`,
    text: [
      `Our e-mail asking ${name} for a letter of recommendation could not be delivered to ${facts.email}.`,
      `The receiving mail server answered: ${facts.reason.replace(/[<>]/g, '')}`,
      '',
      `Please check the address and correct it on your application: ${completionLink(config.publicUrl)}`,
      'We will send the request to the corrected address at once.',
      '',
      signature(config.tenant),
    ].join('\n'),
  };
}

export interface DeadlineReminderFacts {
  daysBefore: number;
  /** As formatInZone writes it: '11:59 pm Central Time on Friday, 15 January 2027'. */
  deadline: string;
  missing: readonly { label: string; url: string }[];
  unsubscribeUrl: string;
}

/** N days before the deadline, what is still missing, each with a link to its page. */
export function deadlineReminderMail(config: Config, to: string, facts: DeadlineReminderFacts): MailMessage {
  const when = facts.daysBefore === 1 ? 'tomorrow' : `in ${facts.daysBefore} days`;
  return {
    to,
    kind: 'deadline-reminder',
    subject: `Your application is due ${when}`,
    text: [
      `Your application to ${config.tenant.partnerName} is due ${when}: ${facts.deadline}.`,
      '',
      'These items are still missing:',
      ...facts.missing.map((m) => `- ${m.label}: ${m.url}`),
      '',
      `To stop these reminders, open this link: ${facts.unsubscribeUrl}`,
      'You can turn them back on in your application, on the Final Steps page.',
      '',
      signature(config.tenant),
    ].join('\n'),
  };
}
