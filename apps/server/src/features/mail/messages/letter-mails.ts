import { formatInZone, programListText, RECOMMEND_PAGE_PATH } from '@admissions/domain';
import type { Config } from '../../../config';
import type { MailMessage } from '../../../infra/mail/mailer';
import { signature } from './signature';

/** What a letter request or reminder tells the recommender. */
export interface LetterRequestFacts {
  to: string;
  recommenderName: string;
  applicantName: string;
  program: string;
  /** A request for several of the applicant's applications (issue 42): every program, named in one mail. */
  programs?: readonly string[];
  waived: boolean | null;
  token: string;
  expiresAt: Date;
}

/**
 * A name as it goes into mail to an address the applicant typed: letters,
 * marks, digits, spaces and . ' - only, and not long. The mail comes from the
 * institution, so it must not carry a link or a message someone typed into a
 * name field.
 */
export function plainName(name: string): string {
  return name
    .replace(/[^\p{L}\p{M}\p{N} .'-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
}

/** Links in e-mails are built from PUBLIC_URL, never from a request's Host header. */
export function letterLink(publicUrl: URL, token: string): string {
  const url = new URL(RECOMMEND_PAGE_PATH, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

function waiverSentence(waived: boolean | null): string {
  if (waived === true) return 'The applicant has waived the right to read your letter.';
  if (waived === false) return 'The applicant has not waived the right to read your letter once enrolled.';
  return 'The applicant has not yet said whether they waive the right to read your letter.';
}

/**
 * The request and its reminders. They name the applicant and the program, and
 * nothing else of the application: the recommender needs no more to decide,
 * and a mail to a mistyped address then tells a stranger very little.
 */
export function letterRequestMail(config: Config, facts: LetterRequestFacts, reminder: boolean): MailMessage {
  const applicant = plainName(facts.applicantName) || 'An applicant';
  const recommender = plainName(facts.recommenderName) || 'Recommender';
  const link = letterLink(config.publicUrl, facts.token);
  const several = facts.programs && facts.programs.length > 1 ? facts.programs : null;
  const program = several
    ? ` to the ${programListText(several)} programs`
    : facts.program
      ? ` to the ${facts.program} program`
      : '';
  return {
    kind: 'letter-request',
    to: facts.to,
    subject: reminder
      ? `Reminder: letter of recommendation for ${applicant}`
      : `${applicant} asks you for a letter of recommendation`,
    highlight: link,
    text:
      `Dear ${recommender},\n\n` +
      (reminder ? 'This is a reminder: we have not yet received your letter. ' : '') +
      `${applicant} is applying${program} at ${config.tenant.partnerName} and has named you as a recommender.\n\n` +
      (several ? 'One letter is enough: the letter you send counts for each of these applications.\n\n' : '') +
      `${waiverSentence(facts.waived)}\n\n` +
      `To upload your letter, write it, or decline, open this link (no account is needed):\n${link}\n\n` +
      `The link is for you alone and works until ${formatInZone(facts.expiresAt, config.tenant.time_zone)}, or until your letter arrives.\n\n` +
      `If you do not know ${applicant}, you can ignore this e-mail or decline with the link.\n\n` +
      signature(config.tenant),
  };
}

/** The receipt the recommender keeps: what arrived (or that they declined), and when. */
export function letterReceiptMail(
  config: Config,
  to: string,
  facts: { recommenderName: string; applicantName: string; outcome: 'received' | 'declined'; at: Date },
): MailMessage {
  const applicant = plainName(facts.applicantName) || 'the applicant';
  // In the institution's zone, named, as every e-mail gives a time (issue 49).
  const when = formatInZone(facts.at, config.tenant.time_zone);
  return {
    kind: 'letter-receipt',
    to,
    subject:
      facts.outcome === 'received'
        ? `We received your letter for ${applicant}`
        : `You declined to write a letter for ${applicant}`,
    text:
      `Dear ${plainName(facts.recommenderName) || 'Recommender'},\n\n` +
      (facts.outcome === 'received'
        ? `Thank you. ${config.tenant.partnerName} received your letter of recommendation for ${applicant} at ${when}.\n\n`
        : `We have recorded at ${when} that you declined to write a letter for ${applicant}, and we will let them know.\n\n`) +
      `For your privacy, this e-mail does not repeat your letter.\n\n` +
      signature(config.tenant),
  };
}

/**
 * The applicant's notice that a recommender declined, with their reason (which
 * the recommender wrote for the applicant), and where to ask someone else.
 */
export function declineNoticeMail(
  config: Config,
  to: string,
  facts: { recommenderName: string; reason: string; submitted: 'submitted' | 'open' },
): MailMessage {
  const where = new URL(facts.submitted === 'submitted' ? '/completion' : '/final-steps', config.publicUrl).toString();
  return {
    kind: 'letter-declined',
    to,
    subject: `${facts.recommenderName} declined to write a letter of recommendation`,
    text:
      `${facts.recommenderName} declined your request for a letter of recommendation.\n\n` +
      `Their reason: ${facts.reason}\n\n` +
      `You can ask someone else: log in, enter another recommender at ${where} and press Send request.\n\n` +
      signature(config.tenant),
  };
}
