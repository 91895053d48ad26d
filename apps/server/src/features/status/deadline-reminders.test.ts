import {
  RECOMMENDATION_LETTER_TEXT_PATH,
  REMINDERS_UNSUBSCRIBE_PATH,
  STATUS_PATH,
  STATUS_REMINDERS_PATH,
  type StatusResponse,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { createFormContext } from '../../core/form-context';
import { DAY, HOUR } from '../../infra/time-units';
import { applicantWith, type Applicant } from '../../test-support/staff-helpers';
import { applicantAskingLetters, lastLinkToken, requestFirst } from '../../test-support/letter-helpers';
import { sendDeadlineReminders } from './deadline-reminders';

const LETTER =
  'I have taught Ada for two years. She is the most careful analyst I have met, and I recommend her without reservation.';
// The sample tenant's deadline of MAE: 2027-04-01T23:59 in America/Chicago (CDT, UTC-5).
const DEADLINE = Date.UTC(2027, 3, 2, 4, 59);

describe('deadline reminders', () => {
  let t: TestApp;
  let quiet: Applicant;
  const run = () => sendDeadlineReminders(t.deps, createFormContext(t.deps.config.tenant));
  /** The test clock moves forward only. */
  const advanceTo = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('one e-mail per N days before the deadline, only for unsubmitted applications with something missing', async () => {
    await applicantWith(t, 'late@example.com', { first_name: 'Lena', applied_major: 'MAE' });
    quiet = await applicantWith(t, 'quiet@example.com', { first_name: 'Ada', applied_major: 'MAE' });
    const submitted = await applicantAskingLetters(t, 'done@example.com', 'r1@uni.example');
    await expectOk(await submitted.client.post('/api/submit'));
    // Everything in, not yet submitted: the letter arrived before submission.
    const ready = await applicantAskingLetters(t, 'ready@example.com', 'r2@uni.example');
    await requestFirst(ready.client);
    await expectOk(
      await t.client('198.51.100.20').post(RECOMMENDATION_LETTER_TEXT_PATH, {
        token: lastLinkToken(t, 'r2@uni.example'),
        text: LETTER,
      }),
    );
    const readyStatus = (await expectOk(await ready.client.get(STATUS_PATH))).json<StatusResponse>();
    expect(readyStatus.complete).toBe(true);

    // Eight days before: nothing is due yet.
    advanceTo(DEADLINE - 8 * DAY);
    expect(await run()).toBe(0);

    advanceTo(DEADLINE - 7 * DAY + HOUR);
    // Two processes run at once (and a restart runs again): one mail.
    const sent = await Promise.all([run(), run()]);
    expect(sent[0]! + sent[1]!).toBe(2);
    expect(await run()).toBe(0);
    await t.mailDelivered();
    expect(t.smtp.to('quiet@example.com')).toHaveLength(1 + 1); // the confirmation code, then the reminder
    expect(t.smtp.to('late@example.com').filter((m) => m.subject.startsWith('Your application is due'))).toHaveLength(
      1,
    );
    const mail = t.smtp.last('late@example.com');
    expect(mail.subject).toBe('Your application is due in 7 days');
    expect(mail.text).toContain('11:59 pm Central Time on Thursday, 1 April 2027');
    expect(mail.text).toContain('- About You: your answers: http://portal.test/about');
    expect(mail.text).toContain(
      '- Letter of recommendation (first recommender): http://portal.test/final-steps#recommender_email',
    );
    expect(t.smtp.to('done@example.com').some((m) => m.subject.startsWith('Your application is due'))).toBe(false);
    expect(t.smtp.to('ready@example.com').some((m) => m.subject.startsWith('Your application is due'))).toBe(false);
  });

  it('the signed link turns reminders off without a login; the applicant turns them back on in the form', async () => {
    const link = /(http:\/\/portal\.test\/reminders-off\?token=\S+)/.exec(t.smtp.last('quiet@example.com').text)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    // A forged signature for the same applicant is refused.
    const forged = await t
      .client()
      .post(REMINDERS_UNSUBSCRIBE_PATH, { token: `${token.split('.')[0]}.${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'REMINDER_LINK_INVALID' });
    await expectOk(await t.client().post(REMINDERS_UNSUBSCRIBE_PATH, { token }));
    // The clock jumped past every session's idle limit: the applicant logs in again.
    quiet.client = await anotherSession(t, 'quiet@example.com');
    expect((await expectOk(await quiet.client.get(STATUS_PATH))).json<StatusResponse>().reminders).toBe(false);

    // The day before: the 1-day reminder, once, and none to the applicant who turned them off.
    advanceTo(DEADLINE - DAY + HOUR);
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    await t.mailDelivered();
    expect(t.smtp.last('late@example.com').subject).toBe('Your application is due tomorrow');
    expect(t.smtp.last('quiet@example.com').subject).toBe('Your application is due in 7 days');

    quiet.client = await anotherSession(t, 'quiet@example.com');
    const on = await expectOk(await quiet.client.put(STATUS_REMINDERS_PATH, { enabled: true }));
    expect(on.json<StatusResponse>().reminders).toBe(true);
    expect(await run()).toBe(1);
    await t.mailDelivered();
    expect(t.smtp.last('quiet@example.com').subject).toBe('Your application is due tomorrow');
    // After the deadline: none.
    advanceTo(DEADLINE + HOUR);
    expect(await run()).toBe(0);
  });
});
