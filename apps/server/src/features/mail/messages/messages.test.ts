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
  retentionWarningMail,
  signupAttemptMail,
  submissionMail,
  teamInvitationMail,
  addressProblemMail,
  deadlineReminderMail,
  itemRequestedMail,
} from '..';
import { sampleFormTenant } from '../../../../../../test/tenants';

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
  teamInvitation: teamInvitationMail(
    t,
    'ada@example.edu',
    { name: typed, invitedBy: 'dean@example.edu', invitedByName: typed, roles: ['reviewer'], programs: ['CS'] },
    { signup: 'https://a.example/signup', login: 'https://a.example/login' },
  ),
  submission: submissionMail(config, buildForm(sampleFormTenant('NFC')), 'ada@example.edu', {
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
  retentionWarning: retentionWarningMail(t, 'ada@example.edu', {
    deleteAfter: at,
    months: 18,
    loginUrl: 'https://a.example/login',
  }),
  itemRequested: itemRequestedMail(config, 'ada@example.edu', {
    label: 'Transcript',
    message: 'Please send a clearer scan.',
    uploaded: true,
  }),
  addressProblem: addressProblemMail(config, 'ada@example.edu', {
    recommenderName: typed,
    email: 'grace@example.edu',
    reason: '550 No such mailbox <x>',
  }),
  deadlineReminder: deadlineReminderMail(config, 'ada@example.edu', {
    daysBefore: 7,
    deadline: 'Friday, 15 January 2027, 11:59 pm Central Time',
    missing: [{ label: 'Transcript', url: 'https://apply.example.edu/education-alr#college_transcript_upload' }],
    unsubscribeUrl: 'https://apply.example.edu/reminders-off?token=x',
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

  it.each(Object.entries(messages))(
    '%s names its kind for the mail log, and no code in the logged subject',
    (_, mail) => {
      expect(mail.kind).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(mail.logSubject ?? mail.subject).not.toMatch(/\d{6}/);
    },
  );

  it.each(Object.entries(messages))('%s carries no HTML: no html part, no markup from typed names', (_, mail) => {
    expect(mail.html).toBeUndefined();
    expect(mail.text).not.toMatch(/<[a-z/]/i);
  });
});
