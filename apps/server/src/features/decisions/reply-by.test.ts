import type { ApplicantStatusResponse } from '@admissions/domain';
import { tenantDecisionsSchema } from '@admissions/domain/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { replyByOf } from './decision-letter';

/**
 * Issue 49: a reply-by falls at the end of its day in the institution's zone (Chicago), 23:59:59 there,
 * unless the tenant names another time of day (decisions.reply_time). Its day is counted in the zone's
 * calendar, across a change of the clocks too.
 */
let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});

const statusOf = async (client: TestClient) =>
  (await expectOk(await client.get('/api/status'))).json<ApplicantStatusResponse>();

describe('the reply-by of an offer', () => {
  it('falls at the end of the local day, reply_days on, when the clocks change between', async () => {
    const a = await submittedApplicant(t, 'reply-dst@example.edu');
    const b = await submittedApplicant(t, 'reply-date@example.edu');
    await expectOk(await staff.put(`/api/staff/applications/${a.userId}/decision`, { code: 'admit' }));
    // A date alone: the end of that day in the zone. 14 March 2027 is the day the clocks go forward.
    await expectOk(
      await staff.put(`/api/staff/applications/${b.userId}/decision`, { code: 'admit', reply_by: '2027-03-14' }),
    );

    // To noon in Chicago on Friday 5 March 2027 (18:00 UTC, standard time), and release.
    t.clock.advance(Date.parse('2027-03-05T18:00:00Z') - t.clock.now().getTime());
    staff = await anotherSession(t, STAFF_EMAIL);
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [a.userId, b.userId] }));

    // Fourteen days later is Friday 19 March, in daylight time: 23:59:59 CDT is 04:59:59 UTC on the 20th.
    const offer = (await statusOf(await anotherSession(t, a.email))).decision!;
    expect(offer.reply_by).toBe('2027-03-20T04:59:59.000Z');
    expect(offer.letter_html).toContain('11:59 pm Central Time on Friday, 19 March 2027');
    const dated = (await statusOf(await anotherSession(t, b.email))).decision!;
    expect(dated.reply_by).toBe('2027-03-15T04:59:59.000Z');
  });

  it('falls at the time of day the tenant names', () => {
    const tenant = {
      ...t.deps.config.tenant,
      decisions: tenantDecisionsSchema.parse({ ...t.deps.config.tenant.decisions, reply_time: '17:00' }),
    };
    const row = { code: 'admit', reply_by: null, released_at: new Date('2026-10-20T15:00:00Z') };
    // 20 October (daylight time) + 14 days = 3 November, after the clocks went back: 5 pm CST is 23:00 UTC.
    expect(replyByOf(tenant, row, t.clock.now())?.toISOString()).toBe('2026-11-03T23:00:00.000Z');
    expect(replyByOf(t.deps.config.tenant, row, t.clock.now())?.toISOString()).toBe('2026-11-04T05:59:59.000Z');
  });
});
