import {
  RECOMMENDATION_DECLINE_PATH,
  RECOMMENDATION_LETTER_TEXT_PATH,
  RECOMMENDATION_MESSAGES,
  recommendationReminderPath,
  recommendationRequestPath,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, save } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { DAY, HOUR } from '../../infra/time-units';
import { sendDueReminders } from './letter-reminders';
import { RECOMMENDER_MAIL_LIMITS } from './recommendation-limits';
import {
  applicantAskingLetters,
  lastLinkToken,
  linkTokens,
  openLink,
  requestFirst,
} from '../../test-support/letter-helpers';

const LETTER = 'A letter long enough to count as one: I recommend this applicant warmly and without reservation.';

describe('letters of recommendation: automatic reminders and mail limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const remind = async () => {
    const sent = await sendDueReminders(t.deps);
    await t.mailDelivered();
    return sent;
  };
  const subjects = (address: string) => t.smtp.to(address).map((m) => m.subject.replace(/ for Ada Lovelace$/, ''));

  it('reminds 7 and 28 days after the request while no letter has arrived, and never after a letter', async () => {
    const waiting = await applicantAskingLetters(t, 'kim@example.com', 'waiting@uni.example');
    const answered = await applicantAskingLetters(t, 'lou@example.com', 'prompt@uni.example');
    const declining = await applicantAskingLetters(t, 'lea@example.com', 'declines@uni.example');
    await requestFirst(waiting.client);
    await requestFirst(answered.client);
    await requestFirst(declining.client);
    const declineToken = lastLinkToken(t, 'declines@uni.example');
    await expectOk(
      await t.client('198.51.100.31').post(RECOMMENDATION_DECLINE_PATH, { token: declineToken, reason: 'On leave.' }),
    );
    await remind();
    t.clock.advance(7 * DAY - HOUR);
    expect(await remind()).toBe(0);

    // The prompt recommender writes on day 6; the other never does.
    const token = lastLinkToken(t, 'prompt@uni.example');
    await expectOk(await t.client('198.51.100.30').post(RECOMMENDATION_LETTER_TEXT_PATH, { token, text: LETTER }));

    t.clock.advance(2 * HOUR);
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    expect(subjects('waiting@uni.example')).toEqual([
      'Ada Lovelace asks you for a letter of recommendation',
      'Reminder: letter of recommendation',
    ]);
    // The reminder's link works, as does the first one.
    expect(linkTokens(t, 'waiting@uni.example')).toHaveLength(2);
    for (const link of linkTokens(t, 'waiting@uni.example')) expect((await openLink(t, link)).statusCode).toBe(200);

    t.clock.advance(20 * DAY);
    expect(await remind()).toBe(0);
    t.clock.advance(DAY + HOUR);
    expect(await remind()).toBe(1);
    expect(subjects('waiting@uni.example')).toHaveLength(3);
    t.clock.advance(30 * DAY);
    expect(await remind()).toBe(0);
    expect(subjects('prompt@uni.example')).toEqual([
      'Ada Lovelace asks you for a letter of recommendation',
      'We received your letter',
    ]);
    // None after a decline either.
    expect(subjects('declines@uni.example')).toEqual([
      'Ada Lovelace asks you for a letter of recommendation',
      'You declined to write a letter',
    ]);
  });

  it("never reminds on the day after the applicant's own reminder", async () => {
    const pia = await applicantAskingLetters(t, 'pia@example.com', 'nudged@uni.example');
    await requestFirst(pia.client);
    t.clock.advance(7 * DAY - 2 * HOUR);
    const client = await anotherSession(t, 'pia@example.com');
    await expectOk(await client.post(recommendationReminderPath('recommender_'), {}));
    t.clock.advance(3 * HOUR);
    expect(await remind()).toBe(0);
    t.clock.advance(DAY);
    expect(await remind()).toBe(1);
    expect(subjects('nudged@uni.example')).toHaveLength(3);
    // Past every reminder and the link's life, so later tests start clean.
    t.clock.advance(60 * DAY);
  });

  it('a request that missed its first reminder gets one mail, not two in a row; a replaced one gets none', async () => {
    const late = await applicantAskingLetters(t, 'max@example.com', 'late@uni.example');
    const replaced = await applicantAskingLetters(t, 'ned@example.com', 'replaced@uni.example');
    await requestFirst(late.client);
    await requestFirst(replaced.client);
    await save(replaced.client, { recommender_email: 'instead@uni.example' });
    t.clock.advance(29 * DAY);
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    expect(subjects('late@uni.example')).toHaveLength(2);
    expect(subjects('replaced@uni.example')).toHaveLength(1);
  });

  it('limits the mail one application sends to recommenders in a day', async () => {
    const olga = await applicantAskingLetters(t, 'olga@example.com', 'r0@uni.example');
    const sent: number[] = [];
    for (let i = 0; i < RECOMMENDER_MAIL_LIMITS.perApplication + 2; i++) {
      await save(olga.client, { recommender_email: `r${i}@uni.example` });
      sent.push((await olga.client.post(recommendationRequestPath('recommender_'), {})).statusCode);
    }
    // A changed address re-sends only a waiting request: each save above replaced a waiting one.
    const mailed = Array.from({ length: RECOMMENDER_MAIL_LIMITS.perApplication + 2 }, (_, i) => `r${i}@uni.example`)
      .map((a) => t.smtp.to(a).length)
      .reduce((a, b) => a + b, 0);
    expect(mailed).toBe(RECOMMENDER_MAIL_LIMITS.perApplication);
    const refused = await olga.client.post(recommendationRequestPath('recommender_'), {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: RECOMMENDATION_MESSAGES.mailLimit });
    expect(sent.slice(0, RECOMMENDER_MAIL_LIMITS.perApplication)).not.toContain(429);
    expect(sent.slice(-2)).toEqual([429, 429]);
    // Answers are never lost for it: the last address is saved.
    expect((await olga.client.get('/api/profile')).json().answer.recommender_email).toBe(
      `r${RECOMMENDER_MAIL_LIMITS.perApplication + 1}@uni.example`,
    );
    // A day later the applicant can ask again.
    t.clock.advance(DAY + HOUR);
    const client = await anotherSession(t, 'olga@example.com');
    expect((await client.post(recommendationRequestPath('recommender_'), {})).statusCode).toBe(200);
  });

  it('limits the mail one address receives from all applications in a day', async () => {
    const target = 'stranger@uni.example';
    const statuses: number[] = [];
    for (let i = 0; i < RECOMMENDER_MAIL_LIMITS.perAddress + 1; i++) {
      const a = await applicantAskingLetters(t, `spam${i}@example.com`, target);
      statuses.push((await a.client.post(recommendationRequestPath('recommender_'), {})).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(RECOMMENDER_MAIL_LIMITS.perAddress);
    expect(statuses.at(-1)).toBe(429);
    expect(t.smtp.to(target)).toHaveLength(RECOMMENDER_MAIL_LIMITS.perAddress);
  });
});
