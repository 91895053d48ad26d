import { SCHOOLS_BUTTON_ID, TRANSCRIPT_TABS } from '@admissions/domain';
import type { ApplicantStatusResponse, RecommendationsResponse, WithdrawApplicationResponse } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, answersOf, loggedInClient, save, userIdOf } from '../../test-support/application-helpers';
import { settledStatus, storedFiles, uploadAndConvert } from '../../test-support/document-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { zipEntries } from '../../test-support/zip-entries';
import { makePdf } from '../documents/test-files';
import { applicationsOf, openOn, startAnother } from './several-applications.test-helpers';

/**
 * Issue 42: one account, several applications in the open cycle (the sample tenant allows three), each for
 * one program; every form call acts on the one the session has open.
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

const transcript = 'college_transcript_upload';

/**
 * The stored files a start may copy: documents. A submission's copy is drawn after its answer (drawAhead), and an
 * earlier test's may land while a later one compares the files; no start writes one.
 */
const documentFiles = async () => (await storedFiles(t)).filter((f) => !/\/application-copy-[^/]*$/.test(f));

describe('starting another application', () => {
  // A document's conversion takes seconds on a busy machine.
  it(
    'copies About You, Education and the documents, not the program, its statement or its letters',
    { timeout: 90_000 },
    async () => {
      const ada = await loggedInClient(t, 'copy@example.edu');
      await save(ada, completeAnswers());
      await expectOk(await uploadAndConvert(ada, transcript, 'transcript.pdf', await makePdf('Transcript')));
      expect((await settledStatus(ada, transcript)).status).toBe('COMPLETED');
      const accountId = await userIdOf(t, 'copy@example.edu');
      await expectOk(await ada.post('/api/recommendations/recommender_/request'));
      await expectOk(await ada.post('/api/submit'));

      const second = await startAnother(ada, { program: 'GSCUP', term: '2027FA', copy_from: accountId });
      expect(second).not.toBe(accountId);
      const answers = await answersOf(ada);
      expect(answers).toMatchObject({ first_name: 'Ada', college_name: 'State University', applied_major: 'GSCUP' });
      expect(answers.entry_term).toBe('2027FA');
      expect(answers.essay).toBeUndefined();
      expect(answers.recommender_email).toBeUndefined();
      expect((await expectOk(await ada.get('/api/profile'))).headers['x-application-id']).toBe(second);
      // Its own copy of the transcript: readable here, and still there on the first after this one goes.
      expect((await settledStatus(ada, transcript)).status).toBe('COMPLETED');
      const letters = (await expectOk(await ada.get('/api/recommendations'))).json<RecommendationsResponse>();
      expect(letters.recommenders.map((l) => l.status)).not.toContain('REQUESTED');
      await expectOk(await ada.delete(`/api/document-answer/${transcript}`));
      expect((await settledStatus(ada, transcript)).status).not.toBe('COMPLETED');
      await openOn(ada, accountId);
      expect((await settledStatus(ada, transcript)).status).toBe('COMPLETED');
      expect((await answersOf(ada)).applied_major).toBe('MAE');

      const list = await applicationsOf(ada);
      expect(list.applications.map((a) => [a.program, a.state, a.current])).toEqual([
        ['MAE', 'submitted', true],
        ['GSCUP', 'in_progress', false],
      ]);
      expect(list.applications[1]).toMatchObject({ program_label: expect.any(String), term_label: expect.any(String) });
      expect(list).toMatchObject({ limit: 3, can_start: true });
    },
  );

  it('keeps the schools shown and each transcript tab chosen, as the copied Education page had them', async () => {
    const eve = await loggedInClient(t, 'schools@example.edu');
    await save(eve, {
      applied_major: 'MAE',
      entry_term: '2027FA',
      college_name: 'State University',
      college_2_name: 'City College',
    });
    await expectOk(await eve.put('/api/add-another', { button_id: SCHOOLS_BUTTON_ID, num_components: 2 }));
    await expectOk(await eve.put('/api/tabs', { tab_id: 'college_2_transcript', chosen_tab: TRANSCRIPT_TABS.later }));
    const accountId = await userIdOf(t, 'schools@example.edu');

    await startAnother(eve, { program: 'GSCUP', copy_from: accountId });
    expect((await answersOf(eve)).college_2_name).toBe('City College');
    expect((await expectOk(await eve.get('/api/add-another'))).json()).toEqual({ [SCHOOLS_BUTTON_ID]: 2 });
    expect((await expectOk(await eve.get('/api/tabs'))).json()).toEqual({
      college_2_transcript: TRANSCRIPT_TABS.later,
    });
  });

  it(
    'leaves nothing of a start that fails halfway: no owner, no answers, no copied file',
    { timeout: 90_000 },
    async () => {
      const ivy = await loggedInClient(t, 'halfway@example.edu');
      await save(ivy, completeAnswers());
      await expectOk(await uploadAndConvert(ivy, transcript, 'transcript.pdf', await makePdf('Transcript')));
      expect((await settledStatus(ivy, transcript)).status).toBe('COMPLETED');
      const accountId = await userIdOf(t, 'halfway@example.edu');
      const files = await documentFiles();
      // The database refuses the copied documents' rows, after the owner and its answers were written.
      await t.db.query(`CREATE FUNCTION refuse_copies() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
      await t.db.query(`CREATE TRIGGER refuse_copies BEFORE INSERT ON documents FOR EACH ROW
        WHEN (NEW.status = 'COMPLETED') EXECUTE FUNCTION refuse_copies()`);
      try {
        expect((await ivy.post('/api/applications', { program: 'GSCUP', copy_from: accountId })).statusCode).toBe(500);
      } finally {
        await t.db.query('DROP TRIGGER refuse_copies ON documents');
        await t.db.query('DROP FUNCTION refuse_copies()');
      }
      const { rows } = await t.db.query('SELECT id FROM users WHERE application_of = $1', [accountId]);
      expect(rows).toEqual([]);
      expect((await applicationsOf(ivy)).applications.map((a) => [a.program, a.current])).toEqual([['MAE', true]]);
      expect((await answersOf(ivy)).applied_major).toBe('MAE');
      expect(await documentFiles()).toEqual(files);
    },
  );

  it('holds one application per program and at most the limit, and refuses bad input with its code', async () => {
    const bea = await loggedInClient(t, 'limit@example.edu');
    await save(bea, { first_name: 'Bea', entry_term: '2027FA', applied_major: 'MAE' });
    const refused = async (body: unknown, status: number, code: string) => {
      const res = await bea.post('/api/applications', body);
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([status, code]);
    };
    await refused({ program: 'MAE' }, 409, 'PROGRAM_ALREADY_APPLIED');
    await refused({ program: 'NOPE' }, 400, 'PROGRAM_UNKNOWN');
    await refused({ program: 'MAPP', term: '1999FA' }, 400, 'TERM_UNKNOWN');
    await refused({ program: 'MAPP', copy_from: '00000000-0000-4000-8000-000000000000' }, 404, 'NOT_FOUND');
    await startAnother(bea, { program: 'MAPP', term: '2027FA' });
    await startAnother(bea, { program: 'MAPS' });
    await refused({ program: 'BMN' }, 409, 'APPLICATION_LIMIT');
    expect((await applicationsOf(bea)).can_start).toBe(false);

    // Another account's application can be neither copied nor opened.
    const other = await loggedInClient(t, 'limit-other@example.edu');
    await save(other, { first_name: 'Other' });
    const othersId = await userIdOf(t, 'limit-other@example.edu');
    expect(
      (
        await other.post('/api/applications', {
          program: 'BMN',
          copy_from: (await applicationsOf(bea)).applications[0]!.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await bea.put('/api/applications/current', { id: othersId })).statusCode).toBe(404);
  });

  it('serves two tabs starting at once one after the other: one program once, and no more than the limit', async () => {
    const cal = await loggedInClient(t, 'tabs-at-once@example.edu');
    await save(cal, { first_name: 'Cal', entry_term: '2027FA', applied_major: 'MAE' });
    const both = async (a: object, b: object) =>
      (await Promise.all([cal.post('/api/applications', a), cal.post('/api/applications', b)]))
        .map((r) => [r.statusCode, r.statusCode === 201 ? '' : r.json<{ code: string }>().code])
        .sort();
    expect(await both({ program: 'MAPP' }, { program: 'MAPP' })).toEqual([
      [201, ''],
      [409, 'PROGRAM_ALREADY_APPLIED'],
    ]);
    expect(await both({ program: 'MAPS' }, { program: 'BMN' })).toEqual([
      [201, ''],
      [409, 'APPLICATION_LIMIT'],
    ]);
    expect((await applicationsOf(cal)).applications.filter((a) => a.state === 'in_progress')).toHaveLength(3);
  });

  it(
    'leaves out a document whose file went after it was listed, and copies the rest',
    { timeout: 90_000 },
    async () => {
      const dot = await loggedInClient(t, 'file-gone@example.edu');
      await save(dot, { applied_major: 'MAE', entry_term: '2027FA', college_name: 'State University' });
      await expectOk(await uploadAndConvert(dot, transcript, 'transcript.pdf', await makePdf('Transcript')));
      expect((await settledStatus(dot, transcript)).status).toBe('COMPLETED');
      const accountId = await userIdOf(t, 'file-gone@example.edu');
      const { rows } = await t.db.query<{ pdf_key: string }>('SELECT pdf_key FROM documents WHERE user_id = $1', [
        accountId,
      ]);
      await t.deps.storage.remove(rows[0]!.pdf_key);
      const files = await documentFiles();

      const second = await startAnother(dot, { program: 'GSCUP', copy_from: accountId });
      expect((await answersOf(dot)).college_name).toBe('State University');
      expect((await settledStatus(dot, transcript)).status).not.toBe('COMPLETED');
      const { rows: history } = await t.db.query(
        "SELECT 1 FROM answer_history WHERE user_id = $1 AND kind = 'document'",
        [second],
      );
      expect(history).toEqual([]);
      expect(await documentFiles()).toEqual(files);
    },
  );

  it('is refused after the program deadline and its grace', async () => {
    await save(await loggedInClient(t, 'late@example.edu'), { entry_term: '2027FA', applied_major: 'MAE' });
    // BMN closes on 2027-01-15 at 23:59 in the institution's zone (no grace); GSCUP on 2027-04-01.
    const away = Date.parse('2027-02-01T12:00:00Z') - t.clock.now().getTime();
    t.clock.advance(away);
    try {
      const cy = await anotherSession(t, 'late@example.edu');
      const res = await cy.post('/api/applications', { program: 'BMN' });
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([409, 'PROGRAM_CLOSED']);
      await startAnother(cy, { program: 'GSCUP' });
    } finally {
      t.clock.advance(-away);
    }
  });
});

describe('two applications open at once', () => {
  it('refuses a save for an application no longer open, and keeps each browser session its own', async () => {
    const dee = await loggedInClient(t, 'tabs@example.edu');
    await save(dee, { first_name: 'Dee', entry_term: '2027FA', applied_major: 'MAE' });
    const first = await userIdOf(t, 'tabs@example.edu');
    const laptop = await anotherSession(t, 'tabs@example.edu');
    const second = await startAnother(dee, { program: 'MAPP', copy_from: first });

    // A tab loaded for the first application, after another tab of this session opened the second.
    const stale = await dee.put('/api/answer', { city: 'Stale' }, { 'x-application-id': first });
    expect([stale.statusCode, stale.json<{ code: string }>().code]).toEqual([409, 'APPLICATION_CHANGED']);
    expect((await dee.get('/api/status', { 'x-application-id': first })).statusCode).toBe(409);
    await expectOk(await dee.put('/api/answer', { city: 'Second' }, { 'x-application-id': second }));
    // The other browser still has the first one open.
    await expectOk(await laptop.put('/api/answer', { city: 'First' }, { 'x-application-id': first }));
    expect((await answersOf(dee)).city).toBe('Second');
    expect((await answersOf(laptop)).city).toBe('First');
    // A client that names no application (SPEC's) acts on the open one.
    await save(dee, { city: 'Unnamed' });
    expect((await answersOf(dee)).city).toBe('Unnamed');
    expect((await dee.put('/api/answer', { city: 'x' }, { 'x-application-id': 'not-an-id' })).statusCode).toBe(400);
    // A plain link names its application in the query; calls about the whole account never refuse.
    expect((await dee.get(`/api/status?application=${first}`)).statusCode).toBe(409);
    await expectOk(await dee.get(`/api/status?application=${second}`));
    await expectOk(await dee.get('/api/keep-alive', { 'x-application-id': first }));
  });
});

describe('decisions', () => {
  it('are made and released on each application on its own; a draft on one shows nowhere', async () => {
    const gil = await loggedInClient(t, 'decided@example.edu');
    await save(gil, completeAnswers());
    await expectOk(await gil.post('/api/submit'));
    const first = await userIdOf(t, 'decided@example.edu');
    const second = await startAnother(gil, { program: 'GSCUP', term: '2027FA', copy_from: first });
    await save(gil, { ...completeAnswers(), applied_major: 'GSCUP' });
    await expectOk(await gil.post('/api/submit'));

    await expectOk(await staff.post('/api/staff/decisions/record', { application_ids: [second], code: 'admit' }));
    // A draft on the first: provisional, so neither its page nor the list shows it.
    await expectOk(await staff.post('/api/staff/decisions/record', { application_ids: [first], code: 'waitlist' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [second] }));

    const decision = async () =>
      (await expectOk(await gil.get('/api/status'))).json<ApplicantStatusResponse>().decision;
    expect(await decision()).toMatchObject({ code: 'admit' });
    await openOn(gil, first);
    expect(await decision()).toBeNull();
    const list = await applicationsOf(gil);
    expect(list.applications.map((a) => [a.program, a.state, a.decision_released, a.decision_offer])).toEqual([
      ['MAE', 'submitted', false, false],
      ['GSCUP', 'decided', true, true],
    ]);

    // Accepting the offer, then withdrawing the other without opening it.
    await openOn(gil, second);
    await expectOk(await gil.post('/api/decision/response', { response: 'accept' }));
    const other = await gil.post(`/api/applications/${first}/withdraw`, { reason: 'I accepted another offer.' });
    expect(other.json<WithdrawApplicationResponse>().application).toMatchObject({ id: first, state: 'withdrawn' });
    expect((await applicationsOf(gil)).applications.map((a) => [a.program, a.state, a.current])).toEqual([
      ['MAE', 'withdrawn', false],
      ['GSCUP', 'accepted', true],
    ]);
    const stranger = await loggedInClient(t, 'stranger@example.edu');
    expect((await stranger.post(`/api/applications/${second}/withdraw`, {})).statusCode).toBe(404);
  });
});

describe('the account as a whole', () => {
  it('downloads every application, and is not deleted while another application is submitted', async () => {
    const eve = await loggedInClient(t, 'whole@example.edu');
    await save(eve, completeAnswers());
    const first = await userIdOf(t, 'whole@example.edu');
    await startAnother(eve, { program: 'GSCUP', term: '2027FA', copy_from: first });
    // The program's own answers and the final steps are asked afresh.
    await save(eve, { ...completeAnswers(), applied_major: 'GSCUP', essay: 'Counseling is my calling.' });
    await expectOk(await eve.post('/api/submit'));

    const zip = await zipEntries((await expectOk(await eve.get('/api/my-data'))).rawPayload);
    expect(JSON.parse(zip.get('answers.json')!.toString()).application.answers.applied_major).toBe('MAE');
    const other = JSON.parse(zip.get('other-applications/GSCUP/answers.json')!.toString());
    expect(other).toMatchObject({ program: 'GSCUP', answers: { essay: 'Counseling is my calling.' } });
    expect(other.submitted_at).not.toBeNull();
    expect(zip.has('other-applications/GSCUP/application-copy.pdf')).toBe(true);

    const res = await eve.request('DELETE', '/api/account', { confirm_username: 'whole@example.edu' });
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([409, 'APPLICATION_SUBMITTED']);
  });

  it('deletes every application with the account when none is submitted', async () => {
    const fay = await loggedInClient(t, 'gone@example.edu');
    await save(fay, { first_name: 'Fay', entry_term: '2027FA', applied_major: 'MAE' });
    const second = await startAnother(fay, { program: 'MAPP' });
    await expectOk(await fay.request('DELETE', '/api/account', { confirm_username: 'gone@example.edu' }));
    const { rows } = await t.db.query('SELECT 1 FROM users WHERE id = $1', [second]);
    expect(rows).toHaveLength(0);
  });
});
