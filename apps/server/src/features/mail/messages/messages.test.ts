import { buildForm } from '@admissions/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import type { MailMessage } from '../../../infra/mail/mailer';
import {
  alreadyConfirmedMail,
  confirmationCodeMail,
  declineNoticeMail,
  decisionAvailableMail,
  offerLapsedMail,
  offerResponseMail,
  withdrawalMail,
  letterReceiptMail,
  letterRequestMail,
  passwordChangedMail,
  resetLinkMail,
  resumeLinkMail,
  signupAttemptMail,
  submissionMail,
} from '..';

const config = loadConfig({ PUBLIC_URL: 'https://apply.example.edu' });
const t = config.tenant;
const at = new Date('2026-11-02T09:00:00Z');
// A name someone typed, with markup in it: no mail may carry it as HTML.
const typed = 'Ada <b>Lovelace</b>';

/** Every e-mail the portal sends, each made from its data (adding one is a file in this folder and a line here). */
const messages: Record<string, MailMessage> = {
  confirmationCode: confirmationCodeMail(t, 'ada@example.edu', '123456'),
  signupAttempt: signupAttemptMail(t, 'ada@example.edu', 'https://a.example/login', 'https://a.example/forgot'),
  alreadyConfirmed: alreadyConfirmedMail(t, 'ada@example.edu', 'https://a.example/login'),
  resetLink: resetLinkMail(t, 'ada@example.edu', 'https://a.example/reset?token=x'),
  passwordChanged: passwordChangedMail(t, 'ada@example.edu', 'https://a.example/forgot'),
  resumeLink: resumeLinkMail(t, 'ada@example.edu', 'https://a.example/resume?token=x', at),
  submission: submissionMail(config, buildForm({ shortName: 'NFC' }), 'ada@example.edu', {
    answers: {},
    view: {},
    documents: {},
    submittedAt: at,
  }),
  letterRequest: letterRequestMail(
    config,
    {
      to: 'grace@example.edu',
      recommenderName: typed,
      applicantName: typed,
      program: 'Mathematics',
      waived: true,
      token: 'x',
      expiresAt: at,
    },
    false,
  ),
  letterReceipt: letterReceiptMail(config, 'grace@example.edu', {
    recommenderName: typed,
    applicantName: typed,
    outcome: 'received',
    at,
  }),
  declineNotice: declineNoticeMail(config, 'ada@example.edu', {
    recommenderName: 'Grace Hopper',
    reason: 'Too busy',
    submitted: 'open',
  }),
  decisionAvailable: decisionAvailableMail(config, 'ada@example.edu'),
  offerAccepted: offerResponseMail(config, 'ada@example.edu', 'accept', at),
  offerDeclined: offerResponseMail(config, 'ada@example.edu', 'decline', at),
  offerLapsed: offerLapsedMail(config, 'ada@example.edu', at),
  withdrawal: withdrawalMail(config, 'ada@example.edu', at),
};

describe('the e-mails', () => {
  it.each(Object.entries(messages))('%s is plain text to its address, ending with the one signature', (_, mail) => {
    expect(mail.to).toMatch(/@example\.edu$/);
    expect(mail.subject).not.toBe('');
    expect(
      mail.text.endsWith(
        `\n\n${t.partnerName} Graduate Admissions\n${t.addressLine1}\n${t.addressLine2}\nQuestions? Write to ${t.helpEmail}.`,
      ),
    ).toBe(true);
    expect(mail.text).not.toMatch(/undefined|null|\[object/);
  });

  it.each(Object.entries(messages))('%s carries no HTML: no html part, no markup from typed names', (_, mail) => {
    expect(mail.html).toBeUndefined();
    expect(mail.text).not.toMatch(/<[a-z/]/i);
  });
});
