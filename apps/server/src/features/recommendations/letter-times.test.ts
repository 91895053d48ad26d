import { formatInZone, RECOMMENDATION_LETTER_TEXT_PATH, type StaffApplicationDetail } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { applicantAskingLetters, lastLinkToken, requestFirst } from '../../test-support/letter-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { HOUR } from '../../infra/time-units';
import { readPdfText } from '../../../../../test/pdf-text';

/**
 * Issue 49, one zone everywhere: what a recommender and the office read of a letter's times is in the
 * institution's zone (Chicago), named as the console names it, whatever the day is in UTC.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

const LETTER = 'I have known the applicant for three years as a careful analyst and a generous colleague.';

describe('a letter’s times', () => {
  it('are written in the institution’s zone in the recommender’s e-mails and on the written letter', async () => {
    const ada = await applicantAskingLetters(t, 'ada-zone@example.edu', 'grace-zone@uni.example', {
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    await requestFirst(ada.client);
    const request = t.smtp.last('grace-zone@uni.example');
    expect(request.text).toMatch(/works until \d{1,2}:\d{2} [ap]m Central Time on \w+day, \d{1,2} \w+ \d{4}/);

    // 18 hours on from 09:00 UTC on 2 November: 03:00 UTC on the 3rd, still 9 pm on the 2nd in Chicago.
    t.clock.advance(18 * HOUR);
    const sent = await t
      .client('198.51.100.20')
      .post(RECOMMENDATION_LETTER_TEXT_PATH, { token: lastLinkToken(t, 'grace-zone@uni.example'), text: LETTER });
    expect(sent.statusCode).toBe(200);
    await t.mailDelivered();
    const receipt = t.smtp.last('grace-zone@uni.example');
    expect(formatInZone(t.clock.now(), 'America/Chicago')).toBe('9:00 pm Central Time on Monday, 2 November 2026');
    expect(receipt.text).toContain('at 9:00 pm Central Time on Monday, 2 November 2026');
    expect(receipt.text).not.toContain('UTC');

    const staff = await loggedInClient(t, STAFF_EMAIL);
    const detail = (
      await expectOk(await staff.get(`/api/staff/applications/${ada.userId}`))
    ).json<StaffApplicationDetail>();
    // The written letter, drawn into the office's packet.
    const pdf = await readPdfText((await expectOk(await staff.get(detail.packet_url))).rawPayload);
    expect(pdf.lines).toContain('Received Monday, 2 November 2026');
  });
});
