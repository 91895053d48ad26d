import {
  checklistRequestsPath,
  checklistWaiversPath,
  RECOMMENDATION_LETTER_TEXT_PATH,
  recommenderAddressPath,
  STATUS_PATH,
  type ChecklistItem,
  type StaffApplicationDetail,
  type StatusResponse,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { auditRowsOf } from '../../session/audit-log';
import { settledStatus, uploadAndConvert, uploadForm } from '../../test-support/document-helpers';
import { makePdf } from '../documents/test-files';
import { applicantAskingLetters, lastLinkToken, linkTokens, openLink } from '../../test-support/letter-helpers';
import { paidFee } from '../../test-support/fee-helpers';

const LETTER =
  'I have taught Ada for two years. She is the most careful analyst I have met, and I recommend her without reservation.';

async function status(client: TestClient): Promise<StatusResponse> {
  return (await expectOk(await client.get(STATUS_PATH))).json<StatusResponse>();
}
const item = (s: StatusResponse, key: string): ChecklistItem | undefined => s.checklist.find((i) => i.key === key);
const stateOf = (s: StatusResponse, key: string) => item(s, key)?.state;

/** Refused addresses: the tests' own SMTP server answers 550 for them, as a relay does for an unknown mailbox. */
const refused = (address: string) => address.toLowerCase().startsWith('nobody@');

describe('the checklist and GET /api/status', () => {
  let t: TestApp;
  let staff: TestClient;
  beforeAll(async () => {
    t = await startTestApp(STAFF_ENV, { smtpRefuse: refused });
    staff = await loggedInClient(t, STAFF_EMAIL);
  });
  afterAll(() => t.close());

  it('before submission: one item per page, the letter not yet requested; nothing of the office', async () => {
    const ada = await applicantWith(t, 'early@example.com', { first_name: 'Ada', applied_major: 'MAE' });
    const s = await status(ada.client);
    expect(s.submitted_at).toBeNull();
    expect(s.complete).toBe(false);
    expect(s.decision).toBeNull();
    expect(s.deadline).toBe('11:59 pm Central Time on Thursday, 1 April 2027');
    expect(s.checklist.map((i) => [i.key, i.state])).toEqual([
      ['answers:about', 'missing'],
      ['answers:education', 'missing'],
      ['answers:final-steps', 'missing'],
      ['letter:recommender_', 'missing'],
    ]);
    expect(item(s, 'answers:about')).toMatchObject({ label: 'About You: your answers', href: '/about' });
  });

  it('a letter goes from awaiting_recommender to opened to received, and the application is complete', async () => {
    const ada = await applicantAskingLetters(t, 'letters@example.com', 'grace@uni.example');
    await expectOk(await ada.client.post('/api/submit'));
    let s = await status(ada.client);
    expect(s.submitted_at).toBe(t.clock.now().toISOString());
    expect(s.checklist.filter((i) => i.kind === 'answers').every((i) => i.state === 'received')).toBe(true);
    expect(item(s, 'letter:recommender_')).toMatchObject({
      state: 'awaiting_recommender',
      label: 'Letter of recommendation from Grace Hopper',
      email: 'grace@uni.example',
    });
    expect(s.complete).toBe(false);

    const token = lastLinkToken(t, 'grace@uni.example');
    t.clock.advance(60_000);
    await expectOk(await openLink(t, token));
    s = await status(ada.client);
    expect(item(s, 'letter:recommender_')).toMatchObject({ state: 'opened', updated_at: t.clock.now().toISOString() });

    await expectOk(await t.client('198.51.100.20').post(RECOMMENDATION_LETTER_TEXT_PATH, { token, text: LETTER }));
    s = await status(ada.client);
    expect(stateOf(s, 'letter:recommender_')).toBe('received');
    // The application fee (issue 43: the sample tenant charges MAE $75) is still to pay; once paid, complete.
    expect(stateOf(s, 'application_fee')).toBe('missing');
    expect(s.complete).toBe(false);
    await paidFee(t, ada.userId);
    s = await status(ada.client);
    expect(stateOf(s, 'application_fee')).toBe('received');
    expect(s.complete).toBe(true);
    // The office sees the same checklist on the application, and the list says complete.
    const detail = (await expectOk(await staff.get(`/api/staff/applications/${ada.userId}`))).json<
      StaffApplicationDetail & { checklist: ChecklistItem[]; complete: boolean }
    >();
    expect(detail.complete).toBe(true);
    expect(detail.checklist.find((i) => i.key === 'letter:recommender_')?.state).toBe('received');
    const list = (await expectOk(await staff.get('/api/staff/applications?complete=yes'))).json<{
      rows: { user_id: string; complete: boolean }[];
    }>();
    expect(list.rows.map((r) => r.user_id)).toContain(ada.userId);
    const open = (await expectOk(await staff.get('/api/staff/applications?complete=no'))).json<{
      rows: { user_id: string }[];
    }>();
    expect(open.rows.map((r) => r.user_id)).not.toContain(ada.userId);
  });

  it('waivers: a decider waives the letter, the applicant sees waived (not the reason), and DELETE takes it back', async () => {
    const ada = await applicantAskingLetters(t, 'waived@example.com', 'busy@uni.example');
    await expectOk(await ada.client.post('/api/submit'));
    const res = await staff.post(checklistWaiversPath(ada.userId), {
      item_key: 'letter:recommender_',
      reason: 'Internal: the program director vouches for her.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.find((i: { key: string }) => i.key === 'letter:recommender_')).toMatchObject({
      state: 'waived',
      waiver_reason: 'Internal: the program director vouches for her.',
    });
    let s = await status(ada.client);
    expect(item(s, 'letter:recommender_')).toMatchObject({ state: 'waived' });
    expect(JSON.stringify(s)).not.toContain('vouches');
    // Nothing but the application fee (issue 43) is missing now.
    expect(s.checklist.filter((i) => i.state !== 'received' && i.state !== 'waived').map((i) => i.key)).toEqual([
      'application_fee',
    ]);

    await expectOk(await staff.delete(`${checklistWaiversPath(ada.userId)}?item_key=letter:recommender_`));
    s = await status(ada.client);
    expect(stateOf(s, 'letter:recommender_')).toBe('awaiting_recommender');
    expect((await auditRowsOf(t.db, ada.userId)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['waive-item', 'unwaive-item']),
    );
    // Taking back a waiver that is not there: 404.
    const again = await staff.delete(`${checklistWaiversPath(ada.userId)}?item_key=letter:recommender_`);
    expect(again.statusCode).toBe(404);
  });

  it('a requested document: mail to the applicant, only that upload allowed, the earlier one kept for the office', async () => {
    const ada = await applicantAskingLetters(t, 'transcript@example.com', 'ok@uni.example');
    await expectOk(await uploadAndConvert(ada.client, 'college_transcript_upload', 'old.pdf', await makePdf('Old')));
    expect((await settledStatus(ada.client, 'college_transcript_upload')).status).toBe('COMPLETED');
    await expectOk(await ada.client.post('/api/submit'));
    expect(stateOf(await status(ada.client), 'college_transcript_upload')).toBe('received');
    // Locked after submission, before any request.
    expect((await ada.client.post('/api/presigned-url', { answer_key: 'college_transcript_upload' })).statusCode).toBe(
      409,
    );

    const asked = await staff.post(checklistRequestsPath(ada.userId), {
      item_key: 'college_transcript_upload',
      message: 'Please upload a transcript that shows your final grades.',
    });
    expect(asked.statusCode).toBe(200);
    const mail = t.smtp.last('transcript@example.com');
    expect(mail.subject).toBe('The admissions office asks you for: Unofficial Transcript');
    expect(mail.text).toContain('Please upload a transcript that shows your final grades.');
    let s = await status(ada.client);
    expect(item(s, 'college_transcript_upload')).toMatchObject({
      state: 'requested',
      message: 'Please upload a transcript that shows your final grades.',
    });
    expect(s.complete).toBe(false);

    // Everything else stays locked: another document, an answer.
    expect((await ada.client.post('/api/presigned-url', { answer_key: 'research_upload' })).statusCode).toBe(409);
    const answer = await ada.client.put('/api/answer', { first_name: 'Eve' });
    expect(answer.json()).toMatchObject({ code: 'APPLICATION_SUBMITTED' });
    // A second request for the same item while the first is open: 409.
    const twice = await staff.post(checklistRequestsPath(ada.userId), {
      item_key: 'college_transcript_upload',
      message: 'Again',
    });
    expect(twice.json()).toMatchObject({ code: 'ITEM_ALREADY_REQUESTED' });

    await expectOk(await uploadAndConvert(ada.client, 'college_transcript_upload', 'new.pdf', await makePdf('New')));
    expect((await settledStatus(ada.client, 'college_transcript_upload')).status).toBe('COMPLETED');
    s = await status(ada.client);
    expect(stateOf(s, 'college_transcript_upload')).toBe('received');
    // The request is closed: the upload is locked again.
    expect((await ada.client.post('/api/presigned-url', { answer_key: 'college_transcript_upload' })).statusCode).toBe(
      409,
    );
    const detail = (await expectOk(await staff.get(`/api/staff/applications/${ada.userId}`))).json<{
      checklist: {
        key: string;
        request?: { answered_at: string | null };
        earlier_documents?: { file_name: string }[];
      }[];
      documents: { answer_key: string; file_name: string }[];
    }>();
    const transcript = detail.checklist.find((i) => i.key === 'college_transcript_upload');
    expect(transcript?.request?.answered_at).not.toBeNull();
    expect(transcript?.earlier_documents).toEqual([expect.objectContaining({ file_name: 'old.pdf' })]);
    expect(detail.documents.find((d) => d.answer_key === 'college_transcript_upload')?.file_name).toBe('new.pdf');
    expect((await auditRowsOf(t.db, ada.userId)).map((r) => r.action)).toContain('request-item');
  });

  it('a request can be withdrawn, and the upload is locked again', async () => {
    const ada = await applicantAskingLetters(t, 'withdrawn@example.com', 'ok2@uni.example');
    await expectOk(await ada.client.post('/api/submit'));
    await expectOk(
      await staff.post(checklistRequestsPath(ada.userId), { item_key: 'research_upload', message: 'Please add it.' }),
    );
    await uploadForm(ada.client, 'research_upload');
    await expectOk(await staff.delete(`${checklistRequestsPath(ada.userId)}?item_key=research_upload`));
    expect((await ada.client.post('/api/presigned-url', { answer_key: 'research_upload' })).statusCode).toBe(409);
    expect(item(await status(ada.client), 'research_upload')).toBeUndefined();
  });

  it('bad input gets a clear 4xx with a stable code', async () => {
    const open = await applicantAskingLetters(t, 'unsubmitted@example.com', 'x@uni.example');
    const done = await applicantAskingLetters(t, 'badinput@example.com', 'y@uni.example');
    await expectOk(await done.client.post('/api/submit'));
    const cases: [string, () => Promise<{ statusCode: number; json(): unknown }>, number, string][] = [
      [
        'request on an unsubmitted application',
        () => staff.post(checklistRequestsPath(open.userId), { item_key: 'research_upload', message: 'x' }),
        409,
        'APPLICATION_NOT_SUBMITTED',
      ],
      [
        'unknown item key',
        () => staff.post(checklistRequestsPath(done.userId), { item_key: 'no_such_thing', message: 'x' }),
        400,
        'CHECKLIST_ITEM_UNKNOWN',
      ],
      [
        'a request for answers, not a document',
        () => staff.post(checklistRequestsPath(done.userId), { item_key: 'answers:about', message: 'x' }),
        409,
        'ITEM_NOT_REQUESTABLE',
      ],
      [
        'an empty message',
        () => staff.post(checklistRequestsPath(done.userId), { item_key: 'research_upload', message: ' ' }),
        400,
        'BAD_REQUEST',
      ],
      [
        'a waiver of an unknown item',
        () => staff.post(checklistWaiversPath(done.userId), { item_key: 'nope', reason: 'x' }),
        400,
        'CHECKLIST_ITEM_UNKNOWN',
      ],
      [
        'an upload of an item not requested',
        () => done.client.post('/api/presigned-url', { answer_key: 'college_transcript_upload' }),
        409,
        'APPLICATION_SUBMITTED',
      ],
      [
        'an address change to an invalid e-mail',
        () => done.client.put(recommenderAddressPath('recommender_'), { email: 'not-an-address' }),
        400,
        'RECOMMENDER_EMAIL_INVALID',
      ],
      [
        'a request on an application that does not exist',
        () =>
          staff.post(checklistRequestsPath('00000000-0000-4000-8000-000000000000'), {
            item_key: 'research_upload',
            message: 'x',
          }),
        404,
        'NOT_FOUND',
      ],
    ];
    for (const [name, call, code, errorCode] of cases) {
      const res = await call();
      expect({ name, status: res.statusCode, body: res.json() }).toMatchObject({
        name,
        status: code,
        body: { code: errorCode },
      });
    }
  });

  it('applicants get 403 and anonymous callers 401 on the office calls', async () => {
    const ada = await applicantAskingLetters(t, 'nosy@example.com', 'z@uni.example');
    await expectOk(await ada.client.post('/api/submit'));
    for (const path of [checklistRequestsPath(ada.userId), checklistWaiversPath(ada.userId)]) {
      const body = { item_key: 'letter:recommender_', message: 'x', reason: 'x' };
      expect((await ada.client.post(path, body)).statusCode).toBe(403);
      expect((await t.client().post(path, body)).statusCode).toBe(401);
      expect((await ada.client.delete(`${path}?item_key=x`)).statusCode).toBe(403);
      expect((await t.client().delete(`${path}?item_key=x`)).statusCode).toBe(401);
    }
    expect((await t.client().get(STATUS_PATH)).statusCode).toBe(401);
  });

  it("a recommender's SMTP 5xx becomes address_problem with the reason; the corrected address gets a new link and the old one dies", async () => {
    const ada = await applicantAskingLetters(t, 'bounce@example.com', 'nobody@uni.example');
    await expectOk(await ada.client.post('/api/submit'));
    await t.mailDelivered();
    let s = await status(ada.client);
    const letter = item(s, 'letter:recommender_');
    expect(letter).toMatchObject({ state: 'address_problem', email: 'nobody@uni.example' });
    expect(letter?.message).toContain('No such mailbox');
    const told = t.smtp.last('bounce@example.com');
    expect(told.subject).toBe('We could not reach Grace Hopper');
    expect(told.text).toContain('nobody@uni.example');
    // The refused mail is not retried: no job for it is left waiting.
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND state IN ('created', 'retry', 'active')`,
    );
    expect(rows[0]!.n).toBe(0);

    const res = await ada.client.put(recommenderAddressPath('recommender_'), { email: 'grace.hopper@uni.example' });
    expect(res.statusCode).toBe(200);
    s = await status(ada.client);
    expect(item(s, 'letter:recommender_')).toMatchObject({
      state: 'awaiting_recommender',
      email: 'grace.hopper@uni.example',
    });
    expect(linkTokens(t, 'grace.hopper@uni.example')).toHaveLength(1);
    const history = await t.db.query<{ changes: Record<string, unknown> }>(
      `SELECT changes FROM answer_history WHERE user_id = $1 AND kind = 'checklist' ORDER BY id`,
      [ada.userId],
    );
    expect(history.rows.map((r) => r.changes)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ letter_address_problem: 'recommender_' }),
        expect.objectContaining({ recommender_email: 'grace.hopper@uni.example', previous: 'nobody@uni.example' }),
      ]),
    );
  });

  it('a corrected address after submission: the old link stops working and the new one works', async () => {
    const ada = await applicantAskingLetters(t, 'typo@example.com', 'grace@typo.example');
    await expectOk(await ada.client.post('/api/submit'));
    const old = lastLinkToken(t, 'grace@typo.example');
    await expectOk(await ada.client.put(recommenderAddressPath('recommender_'), { email: 'grace@right.example' }));
    expect((await openLink(t, old)).statusCode).toBe(410);
    expect((await openLink(t, lastLinkToken(t, 'grace@right.example'))).statusCode).toBe(200);
    const detail = (await expectOk(await staff.get(`/api/staff/applications/${ada.userId}`))).json<{
      recommendations: { email: string }[];
    }>();
    expect(detail.recommendations.map((r) => r.email)).toContain('grace@right.example');
  });
});
