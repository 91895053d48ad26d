import {
  RECOMMENDATION_DECLINE_PATH,
  RECOMMENDATION_LETTER_FILE_PATH,
  RECOMMENDATION_LETTER_TEXT_PATH,
  RECOMMENDATION_MESSAGES,
  RECOMMENDATION_UPLOAD_FORM_PATH,
  recommendationReminderPath,
  recommendationRequestPath,
  RECOMMENDATIONS_PATH,
  type RecommendationView,
  type StaffApplicationDetail,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient, save } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { DAY, HOUR, MINUTE } from '../../infra/time-units';
import { createFormContext } from '../../core/form-context';
import {
  LETTER_REPLACEMENT_QUEUE,
  REPLACEMENT_DELAY_SECONDS,
  sendReplacementRequest,
  type ReplacementJob,
} from './letter-requests';
import {
  applicantAskingLetters,
  lastLinkToken,
  linkTokens,
  openLink,
  requestFirst,
  states,
} from '../../test-support/letter-helpers';

/** The delayed requests queued for an applicant's replaced recommenders. */
async function replacementJobs(t: TestApp, userId: string) {
  const { rows } = await t.db.query<{ data: ReplacementJob; start_after: Date }>(
    `SELECT data, start_after FROM pgboss.job WHERE name = $1 AND data->>'userId' = $2`,
    [LETTER_REPLACEMENT_QUEUE, userId],
  );
  return rows;
}

const LETTER =
  'I have taught Ada for two years. She is the most careful analyst I have met, and I recommend her without reservation.';

describe('letters of recommendation: requests, links, answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(STAFF_ENV);
  });
  afterAll(() => t.close());

  it('the applicant sends a request; the link opens without an account, shows the waiver, and takes a written letter once', async () => {
    const ada = await applicantAskingLetters(t, 'ada@example.com', 'grace@uni.example', { preferred_name: 'Ada' });
    expect(await states(ada.client)).toEqual([
      expect.objectContaining({ prefix: 'recommender_', status: 'NOT_REQUESTED', can_request: true }),
      expect.objectContaining({ prefix: 'recommender_2_', status: 'NOT_REQUESTED', can_request: false }),
    ]);
    expect(t.smtp.to('grace@uni.example')).toHaveLength(0);

    const [first] = await requestFirst(ada.client);
    expect(first).toMatchObject({
      status: 'REQUESTED',
      name: 'Grace Hopper',
      email: 'grace@uni.example',
      requested_at: t.clock.now().toISOString(),
      can_remind: false,
    });
    const mail = t.smtp.last('grace@uni.example');
    expect(mail.subject).toBe('Ada Lovelace asks you for a letter of recommendation');
    expect(mail.text).toContain('The applicant has waived the right to read your letter.');
    expect(mail.text).toContain('http://portal.test/recommend?token=');
    // The mail names the applicant and program, nothing more of the application.
    expect(mail.text).not.toContain('ada@example.com');
    // Pressing again for the same address sends nothing more.
    await requestFirst(ada.client);
    expect(t.smtp.to('grace@uni.example')).toHaveLength(1);

    const token = lastLinkToken(t, 'grace@uni.example');
    const opened = await openLink(t, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<RecommendationView>()).toMatchObject({
      state: 'OPEN',
      applicant_name: 'Ada Lovelace',
      program: expect.stringMatching(/\S/),
      recommender_name: 'Grace Hopper',
      waived: true,
      letter_file: { status: 'NONE', file_name: '', message: '' },
    });
    // The token is the only key: stored hashed, never in clear.
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM recommendation_links');
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);

    const recommender = t.client('198.51.100.20');
    const short = await recommender.post(RECOMMENDATION_LETTER_TEXT_PATH, { token, text: 'Great.' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { letter_text: [RECOMMENDATION_MESSAGES.letterTooShort] },
    });
    const sent = await recommender.post(RECOMMENDATION_LETTER_TEXT_PATH, { token, text: LETTER });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<RecommendationView>().state).toBe('RECEIVED');
    expect(t.smtp.last('grace@uni.example').subject).toBe('We received your letter for Ada Lovelace');
    expect(t.smtp.last('grace@uni.example').text).not.toContain('careful analyst');

    // Used up: no second letter, no decline.
    const again = await recommender.post(RECOMMENDATION_LETTER_TEXT_PATH, { token, text: `${LETTER} Again.` });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'RECOMMENDATION_LINK_INVALID' });
    expect((await recommender.post(RECOMMENDATION_DECLINE_PATH, { token, reason: 'No' })).statusCode).toBe(410);
    // The page that sent it may still show its confirmation for a while, then the link is dead.
    expect((await openLink(t, token)).json<RecommendationView>().state).toBe('RECEIVED');
    t.clock.advance(2 * HOUR);
    expect((await openLink(t, token)).statusCode).toBe(410);

    // The applicant sees Received, never the letter.
    const ada2 = await anotherSession(t, 'ada@example.com');
    const res = await ada2.get(RECOMMENDATIONS_PATH);
    expect(res.json().recommenders[0]).toMatchObject({ status: 'RECEIVED', received_at: expect.any(String) });
    expect(res.body).not.toContain('careful analyst');
    expect((await ada2.get('/api/profile')).body).not.toContain('careful analyst');
    expect((await ada2.get(`/api/staff/applications/${ada.userId}`)).statusCode).toBe(403);

    // The office reads the letter and the waiver.
    const staff = await loggedInClient(t, STAFF_EMAIL);
    const detail = (
      await expectOk(await staff.get(`/api/staff/applications/${ada.userId}`))
    ).json<StaffApplicationDetail>();
    expect(detail.waived_letter_access).toBe(true);
    expect(detail.recommendations).toEqual([
      expect.objectContaining({
        name: 'Grace Hopper',
        email: 'grace@uni.example',
        status: 'RECEIVED',
        current: true,
        letter_text: LETTER,
        letter_file_url: '',
      }),
    ]);
  });

  it("the office names a recommender with the prefix's words, as the form shows them", async () => {
    const dee = await applicantAskingLetters(t, 'dee@example.com', 'doctor@uni.example', {
      recommender_prefix: 'DR',
      recommender_prefix_desc: 'Dr.',
    });
    await requestFirst(dee.client);
    const staff = await loggedInClient(t, 'registrar@college.test');
    const detail = (
      await expectOk(await staff.get(`/api/staff/applications/${dee.userId}`))
    ).json<StaffApplicationDetail>();
    expect(detail.recommendations.map((r) => r.name)).toEqual(['Dr. Grace Hopper']);
  });

  it('an unknown, malformed or tampered link is one and the same 410, and answers no applicant data', async () => {
    const ben = await applicantAskingLetters(t, 'ben@example.com', 'mentor@uni.example');
    await requestFirst(ben.client);
    const token = lastLinkToken(t, 'mentor@uni.example');
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [tampered, 'x'.repeat(43)]) {
      const res = await openLink(t, bad);
      expect(res.statusCode).toBe(410);
      expect(res.body).not.toContain('Lovelace');
    }
    expect((await openLink(t, 'short')).statusCode).toBe(400);
    expect((await openLink(t, token)).statusCode).toBe(200);
  });

  it('changing the e-mail before the letter arrives kills the old link and sends a new one; a decline shows with its reason', async () => {
    const cy = await applicantAskingLetters(t, 'cy@example.com', 'old@uni.example');
    await requestFirst(cy.client);
    const oldToken = lastLinkToken(t, 'old@uni.example');
    expect((await openLink(t, oldToken)).statusCode).toBe(200);

    // Saved as the applicant types: the old link dies at once, but nothing goes to the addresses on the way.
    for (const typed of ['new@uni.ex', '', 'new@uni.example']) await save(cy.client, { recommender_email: typed });
    expect((await openLink(t, oldToken)).statusCode).toBe(410);
    expect(t.smtp.to('new@uni.ex')).toHaveLength(0);
    expect(linkTokens(t, 'new@uni.example')).toHaveLength(0);
    expect((await states(cy.client))[0]).toMatchObject({ status: 'NOT_REQUESTED', can_request: true });
    // A few minutes later the new recommender is asked, at the address saved by then, once.
    const queued = await replacementJobs(t, cy.userId);
    expect(queued.length).toBeGreaterThan(0);
    for (const job of queued) {
      expect(job.start_after.getTime() - Date.now()).toBeGreaterThan((REPLACEMENT_DELAY_SECONDS - 60) * 1000);
      await sendReplacementRequest(t.deps, createFormContext(t.deps.config.tenant), job.data, t.app.log);
    }
    await t.mailDelivered();
    expect(linkTokens(t, 'new@uni.example')).toHaveLength(1);
    const [state] = await states(cy.client);
    expect(state).toMatchObject({ status: 'REQUESTED', email: 'new@uni.example' });

    const newToken = lastLinkToken(t, 'new@uni.example');
    const recommender = t.client('198.51.100.21');
    const empty = await recommender.post(RECOMMENDATION_DECLINE_PATH, { token: newToken, reason: '  ' });
    expect(empty.json()).toMatchObject({ errors: { decline_reason: [RECOMMENDATION_MESSAGES.reasonRequired] } });
    const declined = await recommender.post(RECOMMENDATION_DECLINE_PATH, {
      token: newToken,
      reason: 'I have not taught you long enough to write a useful letter.',
    });
    expect(declined.json<RecommendationView>().state).toBe('DECLINED');
    expect(t.smtp.last('new@uni.example').subject).toMatch(/^You declined/);
    // The applicant hears of it at once, with the reason, so there is time to ask someone else.
    const notice = t.smtp.last('cy@example.com');
    expect(notice.subject).toBe('Grace Hopper declined to write a letter of recommendation');
    expect(notice.text).toContain('Their reason: I have not taught you long enough to write a useful letter.');
    expect(notice.text).toContain('http://portal.test/final-steps');
    expect((await states(cy.client))[0]).toMatchObject({
      status: 'DECLINED',
      decline_reason: 'I have not taught you long enough to write a useful letter.',
      can_request: false,
      can_remind: false,
    });

    // The same recommender is not asked again after declining.
    const again = await cy.client.post(recommendationRequestPath('recommender_'), {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RECOMMENDER_DECLINED' });
    // Another recommender is a new request, which the applicant sends.
    await save(cy.client, { recommender_email: 'third@uni.example' });
    expect(t.smtp.to('third@uni.example')).toHaveLength(0);
    expect((await states(cy.client))[0]).toMatchObject({ status: 'NOT_REQUESTED', can_request: true });
  });

  it('a program that asks for no letters cancels the waiting request, and has no recommenders to ask', async () => {
    const di = await applicantAskingLetters(t, 'di@example.com', 'prof@uni.example');
    await requestFirst(di.client);
    const token = lastLinkToken(t, 'prof@uni.example');
    await save(di.client, { applied_major: 'GSCUP' });
    expect((await openLink(t, token)).statusCode).toBe(410);
    expect(await states(di.client)).toEqual([]);
    expect((await di.client.post(recommendationRequestPath('recommender_'), {})).statusCode).toBe(404);
  });

  it('refuses a request until the name and e-mail are valid, and an unknown recommender slot', async () => {
    const ed = await applicantAskingLetters(t, 'ed@example.com', 'not-an-address');
    const res = await ed.client.post(recommendationRequestPath('recommender_'), {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'RECOMMENDER_NOT_READY' });
    expect((await ed.client.post(`${RECOMMENDATIONS_PATH}/recommender_3_/request`, {})).statusCode).toBe(404);
    await save(ed.client, { recommender_email: 'real@uni.example' });
    expect((await requestFirst(ed.client))[0]?.status).toBe('REQUESTED');
  });

  it('submission asks every recommender not yet asked', async () => {
    const fay = await applicantAskingLetters(t, 'fay@example.com', 'first@uni.example', {
      recommender_2_first_name: 'Alan',
      recommender_2_last_name: 'Turing',
      recommender_2_email: 'second@uni.example',
    });
    await requestFirst(fay.client);
    await expectOk(await fay.client.post('/api/submit'));
    expect(linkTokens(t, 'first@uni.example')).toHaveLength(1);
    expect(linkTokens(t, 'second@uni.example')).toHaveLength(1);
    expect((await states(fay.client)).map((s) => s.status)).toEqual(['REQUESTED', 'REQUESTED']);
    // Letters arrive after submission: the link still works.
    const token = lastLinkToken(t, 'second@uni.example');
    expect((await openLink(t, token)).json<RecommendationView>().state).toBe('OPEN');
  });

  it('a link dies after 60 days, and the recommender can then be asked again', async () => {
    const gus = await applicantAskingLetters(t, 'gus@example.com', 'slow@uni.example');
    await requestFirst(gus.client);
    const token = lastLinkToken(t, 'slow@uni.example');
    t.clock.advance(59 * DAY);
    expect((await openLink(t, token)).statusCode).toBe(200);
    t.clock.advance(DAY + MINUTE);
    const recommender = t.client('198.51.100.22');
    expect((await openLink(t, token)).statusCode).toBe(410);
    expect((await recommender.post(RECOMMENDATION_UPLOAD_FORM_PATH, { token })).statusCode).toBe(410);
    const file = { token, file_key: 'letters/x/upload-1', file_name: 'letter.docx' };
    expect((await recommender.post(RECOMMENDATION_LETTER_FILE_PATH, file)).statusCode).toBe(410);
    expect((await recommender.post(RECOMMENDATION_DECLINE_PATH, { token, reason: 'Too late.' })).statusCode).toBe(410);
    expect((await recommender.post(RECOMMENDATION_LETTER_TEXT_PATH, { token, text: LETTER })).statusCode).toBe(410);

    const client = await anotherSession(t, 'gus@example.com');
    expect((await states(client))[0]).toMatchObject({ status: 'NOT_REQUESTED', can_request: true });
    expect((await requestFirst(client))[0]).toMatchObject({ status: 'REQUESTED' });
    expect(linkTokens(t, 'slow@uni.example')).toHaveLength(2);
    expect((await openLink(t, lastLinkToken(t, 'slow@uni.example'))).statusCode).toBe(200);
  });

  it('the applicant may remind once a day while the letter waits', async () => {
    const hal = await applicantAskingLetters(t, 'hal@example.com', 'busy@uni.example');
    await requestFirst(hal.client);
    const tooSoon = await hal.client.post(recommendationReminderPath('recommender_'), {});
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'REMINDER_TOO_SOON' });
    t.clock.advance(DAY);
    const client = await anotherSession(t, 'hal@example.com');
    expect((await states(client))[0]).toMatchObject({ can_remind: true });
    const reminded = await expectOk(await client.post(recommendationReminderPath('recommender_'), {}));
    expect(reminded.json().recommenders[0]).toMatchObject({ can_remind: false });
    expect(t.smtp.last('busy@uni.example').subject).toBe('Reminder: letter of recommendation for Ada Lovelace');
    // Both links work: the request's and the reminder's.
    const [fromRequest, fromReminder] = linkTokens(t, 'busy@uni.example');
    expect((await openLink(t, fromRequest!)).statusCode).toBe(200);
    expect((await openLink(t, fromReminder!)).statusCode).toBe(200);
    expect((await client.post(recommendationReminderPath('recommender_'), {})).statusCode).toBe(429);
  });

  it('every applicant call needs a session, and one applicant cannot act on another', async () => {
    const anonymous = t.client();
    for (const res of [
      await anonymous.get(RECOMMENDATIONS_PATH),
      await anonymous.post(recommendationRequestPath('recommender_'), {}),
      await anonymous.post(recommendationReminderPath('recommender_'), {}),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    // Each applicant's calls name no application: they act on their own only.
    const ivy = await applicantAskingLetters(t, 'ivy@example.com', 'ivy.prof@uni.example');
    const jo = await loggedInClient(t, 'jo@example.com');
    await requestFirst(ivy.client);
    expect(await states(jo)).toEqual([]);
    expect((await jo.post(recommendationReminderPath('recommender_'), {})).statusCode).toBe(404);
  });
});
