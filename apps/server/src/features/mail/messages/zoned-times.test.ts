import { buildForm, formatInZone } from '@admissions/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import type { MailMessage } from '../../../infra/mail/mailer';
import {
  letterReceiptMail,
  letterRequestMail,
  offerLapsedMail,
  offerResponseMail,
  resumeLinkMail,
  retentionWarningMail,
  submissionMail,
  withdrawalMail,
} from '..';
import { sampleFormTenant } from '../../../../../../test/tenants';

/**
 * Issue 49, one zone everywhere: every e-mail that gives a time gives it in the institution's zone
 * (the tenant's time_zone, Chicago here), named as the console names it, written one way.
 */
const config = loadConfig({ PUBLIC_URL: 'https://apply.example.edu' });
const t = config.tenant;
// 02:25 UTC on Sunday the 29th is 8:25 pm on Saturday the 28th in Chicago: a UTC date would name the wrong day.
const at = new Date('2026-11-29T02:25:00Z');
const inZone = '8:25 pm Central Time on Saturday, 28 November 2026';

const letterFacts = {
  to: 'grace@example.edu',
  recommenderName: 'Grace Hopper',
  applicantName: 'Ada Lovelace',
  program: 'Mathematics',
  waived: true,
  token: 'x',
  expiresAt: at,
};

const timed: Record<string, MailMessage> = {
  letterRequest: letterRequestMail(config, letterFacts, false),
  letterReminder: letterRequestMail(config, letterFacts, true),
  letterReceived: letterReceiptMail(config, 'grace@example.edu', {
    recommenderName: 'Grace Hopper',
    applicantName: 'Ada Lovelace',
    outcome: 'received',
    at,
  }),
  letterDeclined: letterReceiptMail(config, 'grace@example.edu', {
    recommenderName: 'Grace Hopper',
    applicantName: 'Ada Lovelace',
    outcome: 'declined',
    at,
  }),
  resumeLink: resumeLinkMail(t, 'ada@example.edu', 'https://a.example/resume?token=x', at),
  submission: submissionMail(config, buildForm(sampleFormTenant('NFC')), 'ada@example.edu', {
    answers: {},
    view: {},
    documents: {},
    submittedAt: at,
  }),
  retentionWarning: retentionWarningMail(t, 'ada@example.edu', {
    deleteAfter: at,
    months: 18,
    loginUrl: 'https://a.example/login',
  }),
  offerResponse: offerResponseMail(config, 'ada@example.edu', 'accept', at),
  offerLapsed: offerLapsedMail(config, 'ada@example.edu', at),
  withdrawal: withdrawalMail(config, 'ada@example.edu', at),
};

describe('times in the e-mails', () => {
  it('the tenant of these tests keeps Chicago time', () => {
    expect(t.time_zone).toBe('America/Chicago');
    expect(formatInZone(at, t.time_zone)).toBe(inZone);
  });

  it.each(Object.entries(timed))('%s gives its time in the institution’s zone, named', (_, mail) => {
    expect(mail.text).toContain(inZone);
    // Nothing in UTC, and no other way of writing a date.
    expect(mail.text).not.toMatch(/UTC|GMT|November 28|29 November|Sun, /);
  });
});
