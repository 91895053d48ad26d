import { VALIDATION_MESSAGES } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function applicantWith(recommenderPhone: string): Promise<TestClient> {
  const client = t.client();
  await signUpAndLogIn(t, client, `recommender.phone${n++}@example.edu`);
  const saved = await client.put('/api/answer', { ...completeAnswers(), recommender_2_phone: recommenderPhone });
  expect(saved.statusCode).toBe(200);
  return client;
}

describe("POST /api/submit checks a recommender's phone (issue 33, item 8)", () => {
  it.each(['', '(202) 555-0123', '+44 20 7946 0958', '+8613812345678'])('accepts %j', async (phone) => {
    const client = await applicantWith(phone);
    expect((await client.post('/api/submit')).statusCode).toBe(200);
  });

  it.each(['123', '(102) 555-0123', '+1234567', '+1234567890123456', '44 20 7946 0958'])(
    'refuses %j with 422 and the message on the phone',
    async (phone) => {
      const client = await applicantWith(phone);
      const res = await client.post('/api/submit');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'APPLICATION_INCOMPLETE',
        message: expect.any(String),
        errors: { recommender_2_phone: [VALIDATION_MESSAGES.recommenderPhoneInvalid] },
      });
    },
  );
});
