import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersOf, loggedInClient } from '../../test-support/application-helpers';
import { EQUALITY_ANSWERS, EQUALITY_WORDS } from '../../test-support/equality-answers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith, printToken } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

/** Equality monitoring data is for the aggregate reports only, never for reading one application (issue 47). */
describe("the print view's data", () => {
  it('has none of the equality answers, and every other answer the applicant gave', async () => {
    const staff = await loggedInClient(t, STAFF_EMAIL);
    const ada = await applicantWith(t, 'ada@example.edu', { ...completeAnswers(), ...EQUALITY_ANSWERS }, true);
    const saved = await answersOf(ada.client);
    expect(saved).toMatchObject(EQUALITY_ANSWERS);

    const { token } = await printToken(staff, ada.userId);
    const print = await expectOk(await t.client().get(`/service/tmp-pdf?service_token=${token}`));
    const { answer } = print.json<{ answer: Record<string, string> }>();
    const equalityKeys = Object.keys(saved).filter((k) => /^(gender|ethnicity|race_)/.test(k));
    expect(equalityKeys.length).toBeGreaterThanOrEqual(6);
    expect(answer).toMatchObject({ citizenship: 'CAN' });
    for (const key of equalityKeys) expect(answer).not.toHaveProperty(key);
    expect(answer).toEqual(Object.fromEntries(Object.entries(saved).filter(([k]) => !equalityKeys.includes(k))));
    for (const words of EQUALITY_WORDS) expect(print.body).not.toContain(words);
  });
});
