import {
  FILE_MESSAGES,
  LOCAL_PUBLIC_UPLOAD_PATH,
  PRESIGNED_URL_PATH,
  RECOMMENDATION_LETTER_FILE_PATH,
  RECOMMENDATION_LETTER_TEXT_PATH,
  RECOMMENDATION_UPLOAD_FORM_PATH,
  type PresignedUrlResponse,
  type RecommendationView,
  type StaffApplicationDetail,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { postUploadForm, storedFiles } from '../../test-support/document-helpers';
import { runHousekeeping } from '../housekeeping/housekeeping-worker';
import { DAY, HOUR } from '../../infra/time-units';
import { save } from '../../test-support/application-helpers';
import { makeDocx, makePng } from '../documents/test-files';
import { readPdfText } from '../../../../../test/pdf-text';
import { auditRowsOf } from '../../session/audit-log';
import {
  applicantAskingLetters,
  lastLinkToken,
  openLink,
  requestFirst,
  states,
} from '../../test-support/letter-helpers';

const WRITTEN =
  'Written in the text box: Ben was the strongest student in my seminar, and I recommend him with enthusiasm.';

/** What the recommender's page does: ask for a form, post the file to it, then hand the key back. */
async function uploadLetter(recommender: TestClient, token: string, name: string, bytes: Uint8Array) {
  const form = (
    await expectOk(await recommender.post(RECOMMENDATION_UPLOAD_FORM_PATH, { token }))
  ).json<PresignedUrlResponse>();
  const uploaded = await postUploadForm(recommender, form, name, bytes);
  expect(uploaded.statusCode).toBe(204);
  return recommender.post(RECOMMENDATION_LETTER_FILE_PATH, { token, file_key: form.fields.key, file_name: name });
}

/** Polls as the page does until the conversion settles. */
async function settled(t: TestApp, token: string): Promise<RecommendationView> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const view = (await expectOk(await openLink(t, token))).json<RecommendationView>();
    if (!['UNPROCESSED', 'IN_PROGRESS'].includes(view.letter_file.status)) return view;
    if (Date.now() > deadline) throw new Error('the letter did not settle');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('letters of recommendation: uploaded letters, the office and the packet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(STAFF_ENV);
  });
  afterAll(() => t.close());
  /** A second officer, signed up once by the first test that needs one. */
  let officer: Promise<TestClient> | undefined;
  const registrar = () => (officer ??= loggedInClient(t, 'registrar@college.test'));

  // A cold LibreOffice conversion and the packet's drawing: over 20 s on a busy two-core machine.
  it('a recommender with no account uploads a Word letter; it is converted, received, receipted, and the office reads it in the packet', async () => {
    const ann = await applicantAskingLetters(t, 'ann@example.com', 'writer@uni.example', {
      recommender_2_first_name: 'Alan',
      recommender_2_last_name: 'Turing',
      recommender_2_email: 'turing@uni.example',
      counselor_waiver_request: 'N',
    });
    await requestFirst(ann.client);
    const token = lastLinkToken(t, 'writer@uni.example');
    expect((await openLink(t, token)).json<RecommendationView>().waived).toBe(false);
    const recommender = t.client('198.51.100.40');

    // A file that is not what its name says is refused, and the link still waits for a letter.
    const forged = await uploadLetter(recommender, token, 'letter.docx', await makePng());
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toMatchObject({ errors: { letter_file: [FILE_MESSAGES.contentMismatch] } });
    expect((await openLink(t, token)).json<RecommendationView>().state).toBe('OPEN');

    const started = await uploadLetter(
      recommender,
      token,
      'Letter for Ann.docx',
      makeDocx(['LETTER FROM THE WRITER', 'Ann is exceptional.']),
    );
    expect(started.statusCode).toBe(200);
    expect(started.json<RecommendationView>().letter_file.file_name).toBe('Letter for Ann.docx');
    const done = await settled(t, token);
    expect(done).toMatchObject({ state: 'RECEIVED', letter_file: { status: 'COMPLETED', message: '' } });
    // The receipt is queued just after the status is written, so it may not be in the queue yet.
    await vi.waitFor(
      async () => {
        await t.mailDelivered();
        expect(t.smtp.last('writer@uni.example').subject).toBe('We received your letter for Ada Lovelace');
      },
      { timeout: 15_000, interval: 100 },
    );
    // Once received, nothing more can be sent through the link.
    expect((await recommender.post(RECOMMENDATION_UPLOAD_FORM_PATH, { token })).statusCode).toBe(410);

    // The second recommender writes theirs at submission's request.
    await expectOk(await ann.client.post('/api/submit'));
    const second = lastLinkToken(t, 'turing@uni.example');
    await expectOk(
      await t.client('198.51.100.41').post(RECOMMENDATION_LETTER_TEXT_PATH, { token: second, text: WRITTEN }),
    );

    const staff = await loggedInClient(t, STAFF_EMAIL);
    const detail = (
      await expectOk(await staff.get(`/api/staff/applications/${ann.userId}`))
    ).json<StaffApplicationDetail>();
    expect(detail.waived_letter_access).toBe(false);
    const [uploaded, written] = detail.recommendations;
    expect(uploaded).toMatchObject({ status: 'RECEIVED', letter_file_name: 'Letter for Ann.docx', letter_text: '' });
    expect(written).toMatchObject({
      status: 'RECEIVED',
      name: 'Alan Turing',
      letter_text: WRITTEN,
      letter_file_url: '',
    });

    const letter = await staff.get(uploaded!.letter_file_url);
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect((await readPdfText(letter.rawPayload)).lines).toContain('LETTER FROM THE WRITER');
    expect((await auditRowsOf(t.db, ann.userId)).map((r) => r.action)).toContain('view-letter');
    // Neither the applicant nor the recommender can open it.
    expect((await ann.client.get(uploaded!.letter_file_url)).statusCode).toBe(403);
    expect((await recommender.get(uploaded!.letter_file_url)).statusCode).toBe(401);

    const packet = await expectOk(await staff.get(`/api/staff/applications/${ann.userId}/packet`));
    const lines = (await readPdfText(packet.rawPayload)).lines;
    const letters = lines.filter((l) => /^Letter of recommendation|LETTER FROM|^Written in the text box/.test(l));
    expect(letters).toEqual([
      'Letter of recommendation',
      'Letter of recommendation from Grace Hopper',
      'LETTER FROM THE WRITER',
      'Letter of recommendation',
      'Letter of recommendation from Alan Turing',
      'Letter of recommendation from Alan Turing',
      expect.stringMatching(/^Written in the text box: Ben was the strongest student/),
    ]);
  }, 60_000);

  it("a letter written in the recommender's own scripts reaches the office with every character, in the letter and the packet", async () => {
    const eve = await applicantAskingLetters(t, 'eve@example.com', 'scripts@uni.example');
    await requestFirst(eve.client);
    const lines = [
      'I recommend Lena without reservation; she led our seminar for two years.',
      'Лариса Петрова назвала её лучшей студенткой курса.',
      'Η Ελένη είναι εξαιρετική φοιτήτρια.',
      '王芳是我最好的学生。',
      'Ана Ђорђевић — «одлична».',
    ];
    await expectOk(
      await t.client('198.51.100.44').post(RECOMMENDATION_LETTER_TEXT_PATH, {
        token: lastLinkToken(t, 'scripts@uni.example'),
        text: lines.join('\n'),
      }),
    );
    const staff = await registrar();
    const [written] = (
      await expectOk(await staff.get(`/api/staff/applications/${eve.userId}`))
    ).json<StaffApplicationDetail>().recommendations;
    const letter = await expectOk(await staff.get(`/api/staff/applications/${eve.userId}/letters/${written!.id}`));
    expect(letter.headers['content-type']).toBe('application/pdf');
    const letterLines = (await readPdfText(letter.rawPayload)).lines;
    expect(letterLines[0]).toBe('Letter of recommendation from Grace Hopper');
    expect(letterLines.slice(2)).toEqual(lines);

    const packet = (
      await readPdfText((await expectOk(await staff.get(`/api/staff/applications/${eve.userId}/packet`))).rawPayload)
    ).lines;
    for (const line of lines) expect(packet).toContain(line);
  });

  it("keeps letters and applicants' documents apart: neither side's upload key works on the other's call", async () => {
    const bo = await applicantAskingLetters(t, 'bo@example.com', 'keys@uni.example');
    await requestFirst(bo.client);
    const token = lastLinkToken(t, 'keys@uni.example');
    const recommender = t.client('198.51.100.42');

    // An applicant's upload form, used by the recommender's call: not theirs.
    const applicantForm = (
      await expectOk(await bo.client.post(PRESIGNED_URL_PATH, { answer_key: 'college_transcript_upload' }))
    ).json<PresignedUrlResponse>();
    const stolen = await recommender.post(RECOMMENDATION_LETTER_FILE_PATH, {
      token,
      file_key: applicantForm.fields.key,
      file_name: 'letter.docx',
    });
    expect(stolen.statusCode).toBe(404);
    // Without the applicant's session, the applicant's form cannot be posted at all, not even to the public endpoint.
    expect((await postUploadForm(recommender, applicantForm, 'x.docx', makeDocx())).statusCode).toBe(401);
    const elsewhere = { ...applicantForm, url: new URL(LOCAL_PUBLIC_UPLOAD_PATH, applicantForm.url).toString() };
    expect((await postUploadForm(recommender, elsewhere, 'x.docx', makeDocx())).statusCode).toBe(403);

    // The letter's form, used for an applicant's document: not theirs either.
    const letterForm = (
      await expectOk(await recommender.post(RECOMMENDATION_UPLOAD_FORM_PATH, { token }))
    ).json<PresignedUrlResponse>();
    expect((await postUploadForm(recommender, letterForm, 'letter.docx', makeDocx())).statusCode).toBe(204);
    const misused = await bo.client.post('/api/pdf/document-answer/college_transcript_upload', {
      file_key: letterForm.fields.key,
      file_name: 'letter.docx',
    });
    expect(misused.statusCode).toBe(404);
  });

  it('a letter on its way when the applicant replaces the recommender still arrives, kept for the office as replaced', async () => {
    const cal = await applicantAskingLetters(t, 'cal@example.com', 'onway@uni.example');
    await requestFirst(cal.client);
    const token = lastLinkToken(t, 'onway@uni.example');
    const started = await uploadLetter(t.client('198.51.100.43'), token, 'letter.docx', makeDocx(['ON ITS WAY']));
    expect(started.statusCode).toBe(200);
    // LibreOffice takes seconds: the applicant changes the address while the letter converts.
    await save(cal.client, { recommender_email: 'someone.else@uni.example' });
    expect((await openLink(t, token)).statusCode).toBe(410);

    const staff = await registrar();
    const deadline = Date.now() + 60_000;
    let kept: StaffApplicationDetail['recommendations'][number] | undefined;
    while (Date.now() < deadline) {
      const detail = (
        await expectOk(await staff.get(`/api/staff/applications/${cal.userId}`))
      ).json<StaffApplicationDetail>();
      kept = detail.recommendations.find((r) => r.email === 'onway@uni.example');
      if (kept?.status === 'RECEIVED') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(kept).toMatchObject({ status: 'RECEIVED', current: false, letter_file_name: 'letter.docx' });
    // The applicant's slot is the new recommender's.
    expect((await states(cal.client))[0]).toMatchObject({ status: 'NOT_REQUESTED' });
  });

  it('an upload the recommender never handed over is removed by housekeeping after a day', async () => {
    const dee = await applicantAskingLetters(t, 'dee@example.com', 'abandons@uni.example');
    await requestFirst(dee.client);
    const token = lastLinkToken(t, 'abandons@uni.example');
    const recommender = t.client('198.51.100.44');
    const form = (
      await expectOk(await recommender.post(RECOMMENDATION_UPLOAD_FORM_PATH, { token }))
    ).json<PresignedUrlResponse>();
    expect((await postUploadForm(recommender, form, 'letter.docx', makeDocx())).statusCode).toBe(204);
    const key = form.fields.key!;
    expect(await storedFiles(t)).toContain(key);
    await runHousekeeping(t.deps, t.app.log);
    expect(await storedFiles(t)).toContain(key);
    t.clock.advance(DAY + HOUR);
    expect((await runHousekeeping(t.deps, t.app.log)).abandonedLetterUploads).toBeGreaterThanOrEqual(1);
    expect(await storedFiles(t)).not.toContain(key);
  });
});
