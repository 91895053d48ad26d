import { recommenderAddressPath, STATUS_PATH, type StatusResponse } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ENV } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import type { ReceivedMail } from '../../test-support/smtp-sink';
import { BOUNCES_PATH } from '../mail';
import { applicantAskingLetters } from '../../test-support/letter-helpers';

const BOUNCE_TOKEN = 'bounce-token-for-the-tests-0123456789';
const DIAGNOSTIC = '550 5.1.1 <prof@example.org>: Recipient address rejected: User unknown in virtual mailbox table';

/**
 * A bounce as Postfix writes it (RFC 3464): delivered to `to`, about the mail
 * with `messageId` to `recipient`, returning that mail's headers.
 */
function deliveryReport(o: {
  to: string;
  recipient: string;
  messageId: string;
  action?: string;
  diagnosticCode?: string;
}): Buffer {
  // Folded at a space, as MTAs fold long fields.
  const fold = DIAGNOSTIC.indexOf(' rejected');
  const diagnostic = o.diagnosticCode ?? `smtp; ${DIAGNOSTIC.slice(0, fold)}\r\n   ${DIAGNOSTIC.slice(fold)}`;
  return Buffer.from(
    [
      'Return-Path: <>',
      `Delivered-To: ${o.to}`,
      'From: MAILER-DAEMON@mx.example.org (Mail Delivery System)',
      'Subject: Undelivered Mail Returned to Sender',
      `To: ${o.to}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"',
      '',
      '--B0UND',
      'Content-Type: text/plain; charset=us-ascii',
      '',
      'Your message could not be delivered to one or more recipients.',
      '',
      '--B0UND',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.org',
      '',
      `Final-Recipient: rfc822; ${o.recipient}`,
      `Action: ${o.action ?? 'failed'}`,
      'Status: 5.1.1',
      `Diagnostic-Code: ${diagnostic}`,
      '',
      '--B0UND',
      'Content-Type: text/rfc822-headers',
      '',
      'From: portal@example.edu',
      `To: ${o.recipient}`,
      `Message-ID: ${o.messageId}`,
      '',
      '--B0UND--',
      '',
    ].join('\r\n'),
  );
}

describe('bounces that arrive later: POST /api/mail/bounces', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...STAFF_ENV, BOUNCE_TOKEN, BOUNCE_ADDRESS: 'bounces@portal.test' });
  });
  afterAll(() => t.close());

  /** The MTA's call: no session, no origin, the raw bounce as the body. */
  const handIn = (body: Buffer, token = BOUNCE_TOKEN, contentType = 'message/rfc822') =>
    t.app.inject({
      method: 'POST',
      url: BOUNCES_PATH,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    });
  const letterOf = async (client: TestClient) =>
    (await expectOk(await client.get(STATUS_PATH)))
      .json<StatusResponse>()
      .checklist.find((i) => i.key === 'letter:recommender_');
  const lastRequest = (address: string): ReceivedMail => {
    const mail = t.smtp.last(address);
    expect(mail.subject).toContain('letter of recommendation');
    return mail;
  };

  it('a bounce to the VERP address turns the letter into address_problem with the reason, once', async () => {
    const ada = await applicantAskingLetters(t, 'later@example.com', 'prof@example.org');
    await expectOk(await ada.client.post('/api/submit'));
    const sent = lastRequest('prof@example.org');
    expect(sent.envelopeFrom).toMatch(/^bounces\+lr-[0-9a-f]{32}-[0-9a-f]{12}@portal\.test$/);
    expect(await letterOf(ada.client)).toMatchObject({ state: 'awaiting_recommender' });

    const report = deliveryReport({ to: sent.envelopeFrom, recipient: 'prof@example.org', messageId: '<x@y>' });
    const res = await handIn(report);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'address_problem' });
    await t.mailDelivered();
    expect(await letterOf(ada.client)).toMatchObject({
      state: 'address_problem',
      email: 'prof@example.org',
      message: expect.stringContaining(DIAGNOSTIC),
    });
    const told = t.smtp.to('later@example.com').filter((m) => m.subject === 'We could not reach Grace Hopper');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('prof@example.org');

    // The MTA hands the same bounce in again: accepted, nothing changes, no second mail.
    const again = await handIn(report);
    expect(again.json()).toEqual({ outcome: 'unchanged' });
    await t.mailDelivered();
    expect(t.smtp.to('later@example.com').filter((m) => m.subject === 'We could not reach Grace Hopper')).toHaveLength(
      1,
    );
  });

  it('a Diagnostic-Code carrying a NUL or half a character is recorded without them (issue 48, item 7)', async () => {
    const ada = await applicantAskingLetters(t, 'nul-bounce@example.com', 'nul-prof@example.org');
    await expectOk(await ada.client.post('/api/submit'));
    const sent = lastRequest('nul-prof@example.org');
    const report = deliveryReport({
      to: sent.envelopeFrom,
      recipient: 'nul-prof@example.org',
      messageId: '<x@y>',
      diagnosticCode: 'smtp; 550 5.1.1 User\u0000 unknown \ud800here',
    });
    const res = await handIn(report);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'address_problem' });
    expect(await letterOf(ada.client)).toMatchObject({
      state: 'address_problem',
      message: expect.stringContaining('550 5.1.1 User unknown \ufffdhere'),
    });
  });

  it('a bounce that only quotes the Message-ID (sent to MAIL_FROM) is matched too', async () => {
    const ada = await applicantAskingLetters(t, 'quoted@example.com', 'quoted@example.org');
    await expectOk(await ada.client.post('/api/submit'));
    const sent = lastRequest('quoted@example.org');
    expect(sent.messageId).toMatch(/^<lr-[0-9a-f]{32}-[0-9a-f]{12}\.[0-9a-f]+@portal\.test>$/);
    const res = await handIn(
      deliveryReport({ to: 'no-reply@portal.test', recipient: 'quoted@example.org', messageId: sent.messageId }),
    );
    expect(res.json()).toEqual({ outcome: 'address_problem' });
    expect(await letterOf(ada.client)).toMatchObject({ state: 'address_problem' });
  });

  it('a bounce for a replaced request, a delay warning or an unknown tag is accepted and changes nothing', async () => {
    const ada = await applicantAskingLetters(t, 'moved@example.com', 'old@example.org');
    await expectOk(await ada.client.post('/api/submit'));
    const old = lastRequest('old@example.org');
    await expectOk(await ada.client.put(recommenderAddressPath('recommender_'), { email: 'new@example.org' }));
    const current = lastRequest('new@example.org');

    const stale = await handIn(
      deliveryReport({ to: old.envelopeFrom, recipient: 'old@example.org', messageId: '<a@b>' }),
    );
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ outcome: 'unchanged' });

    const delayed = deliveryReport({
      to: current.envelopeFrom,
      recipient: 'new@example.org',
      messageId: current.messageId,
      action: 'delayed',
    });
    expect((await handIn(delayed)).json()).toEqual({ outcome: 'no_failure' });

    // A tag of the right shape whose signature this server did not make names no request.
    const forged = current.envelopeFrom.replace(/-[0-9a-f]{12}@/, '-000000000000@');
    const unknown = await handIn(deliveryReport({ to: forged, recipient: 'new@example.org', messageId: '<c@d>' }));
    expect(unknown.json()).toEqual({ outcome: 'unknown_message' });

    expect(await letterOf(ada.client)).toMatchObject({ state: 'awaiting_recommender', email: 'new@example.org' });
  });

  it('refuses a bad token (401), a body that is not a delivery report (400) and another content type (415)', async () => {
    const report = deliveryReport({ to: 'bounces@portal.test', recipient: 'x@example.org', messageId: '<e@f>' });
    expect((await handIn(report)).statusCode).toBe(200);

    const wrongToken = await handIn(report, 'not-the-bounce-token-at-all');
    expect(wrongToken.statusCode).toBe(401);
    expect(wrongToken.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: BOUNCES_PATH,
      headers: { 'content-type': 'message/rfc822' },
      payload: report,
    });
    expect(anonymous.statusCode).toBe(401);

    const plain = await handIn(Buffer.from('Subject: out of office\r\n\r\nI am away until Monday.\r\n'));
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ code: 'BOUNCE_NOT_A_REPORT' });
    expect((await handIn(Buffer.alloc(0))).json()).toMatchObject({ code: 'BOUNCE_NOT_A_REPORT' });

    const json = await handIn(Buffer.from('{"a":1}'), BOUNCE_TOKEN, 'application/json');
    expect(json.statusCode).toBe(415);
  });
});
