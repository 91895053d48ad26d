import {
  RECOMMENDATION_LETTER_TEXT_PATH,
  recommendationReminderPath,
  recommendationRequestPath,
  type RecommendationsResponse,
  type RecommendationView,
  type StaffApplicationDetail,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_ENV, STAFF_EMAIL } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { DAY, HOUR } from '../../infra/time-units';
import { sendDueReminders } from './letter-reminders';
import { letterFolder } from '../documents';
import { makePng } from '../documents/test-files';
import { applicantAskingLetters, lastLinkToken, linkTokens, openLink, states } from '../../test-support/letter-helpers';
import {
  anotherApplication,
  letterItemOf,
  openApplication,
  settledLetter,
  statesOf,
  uploadLetter,
} from './letters-for-several.test-helpers';

const LETTER =
  'I have taught Ada for two years. She is the most careful analyst I have met, and I recommend her without reservation.';
const EDUCATION = 'MA in Education';
const PSYCHOLOGY = 'MA in Applied Psychology';

const askFor = (alsoFor: string[]) => ({ also_for: alsoFor });

describe('letters of recommendation: one request for several applications (issue 42)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(STAFF_ENV);
  });
  afterAll(() => t.close());

  it('one mail names both programs; the one written letter is received on both applications', async () => {
    const ada = await applicantAskingLetters(t, 'ada@example.com', 'grace@uni.example', { preferred_name: 'Ada' });
    // The second application names no recommender yet: the request gives it Grace.
    const second = await anotherApplication(t, ada.userId, { applied_major: 'MAPP' });

    const res = await ada.client.post(recommendationRequestPath('recommender_'), askFor([second]));
    expect(res.statusCode).toBe(200);
    expect(res.json<RecommendationsResponse>().recommenders[0]).toMatchObject({
      status: 'REQUESTED',
      name: 'Grace Hopper',
      email: 'grace@uni.example',
      also_for_programs: [PSYCHOLOGY],
    });
    // One mail, naming both programs, with one link.
    await t.mailDelivered();
    expect(t.smtp.to('grace@uni.example')).toHaveLength(1);
    const mail = t.smtp.last('grace@uni.example');
    expect(mail.subject).toBe('Ada Lovelace asks you for a letter of recommendation');
    expect(mail.text).toContain(`applying to the ${EDUCATION} and ${PSYCHOLOGY} programs`);
    expect(mail.text).toContain('counts for each of these applications');
    // The second application shows the request too, to the same recommender.
    expect((await statesOf(t, ada.client, ada.userId, second))[0]).toMatchObject({
      status: 'REQUESTED',
      name: 'Grace Hopper',
      email: 'grace@uni.example',
      also_for_programs: [EDUCATION],
    });
    expect(await letterItemOf(t, ada.client, ada.userId, second)).toMatchObject({ state: 'awaiting_recommender' });

    // A reminder from either application is one mail for both, and neither can remind again today.
    t.clock.advance(DAY);
    const client = await anotherSession(t, 'ada@example.com');
    await openApplication(t, ada.userId, second);
    await expectOk(await client.post(recommendationReminderPath('recommender_'), {}));
    await openApplication(t, ada.userId, null);
    await t.mailDelivered();
    expect(t.smtp.to('grace@uni.example')).toHaveLength(2);
    expect(t.smtp.last('grace@uni.example').text).toContain(`${EDUCATION} and ${PSYCHOLOGY} programs`);
    expect((await states(client))[0]).toMatchObject({ can_remind: false });

    const token = lastLinkToken(t, 'grace@uni.example');
    expect((await openLink(t, token)).json<RecommendationView>()).toMatchObject({
      state: 'OPEN',
      program: `${EDUCATION} and ${PSYCHOLOGY}`,
      programs: [EDUCATION, PSYCHOLOGY],
    });
    // Both applications see that the recommender opened the link.
    expect(await letterItemOf(t, client, ada.userId, second)).toMatchObject({ state: 'opened' });
    const sent = await t.client('198.51.100.30').post(RECOMMENDATION_LETTER_TEXT_PATH, { token, text: LETTER });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<RecommendationView>().state).toBe('RECEIVED');
    // One receipt for the one letter.
    await t.mailDelivered();
    expect(t.smtp.to('grace@uni.example').filter((m) => m.subject.startsWith('We received'))).toHaveLength(1);

    // Received on both applications: their letters and their checklists.
    for (const owner of [ada.userId, second]) {
      expect((await statesOf(t, client, ada.userId, owner))[0]).toMatchObject({
        status: 'RECEIVED',
        received_at: expect.any(String),
      });
      expect(await letterItemOf(t, client, ada.userId, owner)).toMatchObject({ state: 'received' });
    }
    // Each holds the letter: one application gone leaves the other's whole.
    await t.db.query('DELETE FROM users WHERE id = $1', [second]);
    const staff = await loggedInClient(t, STAFF_EMAIL);
    const detail = (
      await expectOk(await staff.get(`/api/staff/applications/${ada.userId}`))
    ).json<StaffApplicationDetail>();
    expect(detail.recommendations).toEqual([
      expect.objectContaining({ name: 'Grace Hopper', status: 'RECEIVED', letter_text: LETTER }),
    ]);
  });

  it('an uploaded letter is received on both, each application holding its own copy', async () => {
    const bea = await applicantAskingLetters(t, 'bea@example.com', 'uploader@uni.example');
    const second = await anotherApplication(t, bea.userId, { applied_major: 'MAPP' });
    await expectOk(await bea.client.post(recommendationRequestPath('recommender_'), askFor([second])));
    await t.mailDelivered();
    const token = lastLinkToken(t, 'uploader@uni.example');

    const started = await uploadLetter(t.client('198.51.100.31'), token, 'letter.png', await makePng());
    expect(started.statusCode).toBe(200);
    expect(await settledLetter(t, token)).toMatchObject({ state: 'RECEIVED', letter_file: { status: 'COMPLETED' } });
    for (const owner of [bea.userId, second]) {
      expect((await statesOf(t, bea.client, bea.userId, owner))[0]).toMatchObject({ status: 'RECEIVED' });
    }

    // The office reads the letter of the first application; removing the second one's letters, as deleting
    // that application does, leaves it readable.
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM recommendation_requests WHERE user_id = $1', [
      second,
    ]);
    for (const r of rows) await t.deps.storage.removeFolder(letterFolder(r.id));
    await t.db.query('DELETE FROM users WHERE id = $1', [second]);
    const staff = await loggedInClient(t, 'registrar@college.test');
    const detail = (
      await expectOk(await staff.get(`/api/staff/applications/${bea.userId}`))
    ).json<StaffApplicationDetail>();
    const letter = detail.recommendations[0];
    expect(letter).toMatchObject({ status: 'RECEIVED', letter_file_name: 'letter.png' });
    const pdf = await staff.get(letter?.letter_file_url ?? '');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('the automatic reminder of a request for two applications is one mail naming both', async () => {
    const fay = await applicantAskingLetters(t, 'fay@example.com', 'slow@uni.example');
    const second = await anotherApplication(t, fay.userId, { applied_major: 'MAPP' });
    await expectOk(await fay.client.post(recommendationRequestPath('recommender_'), askFor([second])));
    await t.mailDelivered();
    t.clock.advance(7 * DAY + HOUR);
    // Both requests fall due; the recommender gets one reminder, whose link works for both.
    expect(await sendDueReminders(t.deps)).toBe(2);
    await t.mailDelivered();
    const mails = t.smtp.to('slow@uni.example');
    expect(mails.map((m) => m.subject)).toEqual([
      'Ada Lovelace asks you for a letter of recommendation',
      'Reminder: letter of recommendation for Ada Lovelace',
    ]);
    expect(mails[1]?.text).toContain(`${EDUCATION} and ${PSYCHOLOGY} programs`);
    expect((await openLink(t, lastLinkToken(t, 'slow@uni.example'))).json<RecommendationView>().programs).toEqual([
      EDUCATION,
      PSYCHOLOGY,
    ]);
  });

  it('a request without other applications asks for the current one alone, as before', async () => {
    const cy = await applicantAskingLetters(t, 'cy@example.com', 'alone@uni.example');
    const second = await anotherApplication(t, cy.userId, { applied_major: 'MAPP' });
    const res = await cy.client.post(recommendationRequestPath('recommender_'), {});
    expect(res.statusCode).toBe(200);
    expect(res.json<RecommendationsResponse>().recommenders[0]).toMatchObject({
      status: 'REQUESTED',
      also_for_programs: [],
    });
    await t.mailDelivered();
    expect(t.smtp.last('alone@uni.example').text).toContain(`applying to the ${EDUCATION} program at`);
    expect(await statesOf(t, cy.client, cy.userId, second)).toEqual([
      expect.objectContaining({ prefix: 'recommender_', status: 'NOT_REQUESTED', can_request: false }),
      expect.objectContaining({ prefix: 'recommender_2_', status: 'NOT_REQUESTED' }),
    ]);
  });

  it("refuses another account's application (404), one whose program asks for no letters, one withdrawn and one naming another recommender, changing nothing", async () => {
    const di = await applicantAskingLetters(t, 'di@example.com', 'careful@uni.example');
    const ed = await applicantAskingLetters(t, 'ed@example.com', 'other@uni.example');
    const edsSecond = await anotherApplication(t, ed.userId, { applied_major: 'MAPP' });
    const request = (alsoFor: string[]) => di.client.post(recommendationRequestPath('recommender_'), askFor(alsoFor));

    for (const stranger of [ed.userId, edsSecond, '00000000-0000-4000-8000-000000000000']) {
      const res = await request([stranger]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await request(['not-an-id'])).statusCode).toBe(400);

    const noLetters = await anotherApplication(t, di.userId, { applied_major: 'GSCUP' });
    const taken = await anotherApplication(t, di.userId, {
      applied_major: 'MAPP',
      recommender_first_name: 'Alan',
      recommender_last_name: 'Turing',
      recommender_email: 'turing@uni.example',
    });
    const withdrawn = await anotherApplication(t, di.userId, { applied_major: 'MAAS' });
    await t.db.query('INSERT INTO application_withdrawals (user_id, withdrawn_at) VALUES ($1, $2)', [
      withdrawn,
      t.clock.now(),
    ]);
    for (const [owner, code] of [
      [noLetters, 'LETTER_NOT_ASKED'],
      [taken, 'RECOMMENDER_SLOT_TAKEN'],
      [withdrawn, 'LETTER_APPLICATION_CLOSED'],
    ] as const) {
      const res = await request([owner]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code });
    }
    // All or nothing: no mail went, and no application shows a request.
    expect(linkTokens(t, 'careful@uni.example')).toHaveLength(0);
    expect((await states(di.client))[0]).toMatchObject({ status: 'NOT_REQUESTED', can_request: true });
    expect((await statesOf(t, di.client, di.userId, taken))[0]).toMatchObject({ status: 'NOT_REQUESTED' });
  });
});
