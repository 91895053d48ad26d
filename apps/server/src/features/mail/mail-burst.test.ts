import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUCCESS_MESSAGES } from '@admissions/domain';
import { PASSWORD } from '../../test-support/account-helpers';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/test-app';

const SIGNUPS = 200;
const AT_ONCE = 10;
const codeIn = (text: string) => /Your confirmation code is: (\d{6})\b/.exec(text)?.[1];

/**
 * A deadline hour: many people sign up at once, each from their own address,
 * within the production mail limit per address. Each of them waits for a code,
 * so each code must be handed to the relay within seconds of its sign-up, not
 * queue behind the others at one mail a second.
 */
describe('a burst of sign-ups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MAIL_PER_IP_LIMIT: '30' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`hands every one of ${SIGNUPS} codes to SMTP within 20 s of its sign-up, once each`, async () => {
    const username = (i: number) => `burst${i}@example.edu`;
    const answeredAt = new Map<string, number>();
    const signUp = async (i: number) => {
      // Straight to the app, without the test client's wait for mail after each call.
      const res = await t.app.inject({
        method: 'POST',
        url: '/public/signup',
        remoteAddress: `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`,
        headers: { origin: TEST_PUBLIC_URL },
        payload: { username: username(i), password: PASSWORD },
      });
      answeredAt.set(username(i), Date.now());
      return res;
    };
    // Ten people at a time, the next starting as soon as one is answered: all 200 within seconds.
    const answers: Awaited<ReturnType<typeof signUp>>[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < SIGNUPS) answers.push(await signUp(next++));
      }),
    );
    expect(answers).toHaveLength(SIGNUPS);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.signup });
    }

    await expect.poll(() => t.smtp.mails.length, { timeout: 45_000, interval: 200 }).toBe(SIGNUPS);
    const late: string[] = [];
    for (let i = 0; i < SIGNUPS; i++) {
      const [mail, ...more] = t.smtp.to(username(i));
      expect(more).toEqual([]);
      expect(codeIn(mail!.text)).toMatch(/^\d{6}$/);
      const waited = mail!.receivedAt - answeredAt.get(username(i))!;
      if (waited > 20_000) late.push(`${username(i)} after ${waited} ms`);
    }
    expect(late).toEqual([]);
  }, 90_000);
});
