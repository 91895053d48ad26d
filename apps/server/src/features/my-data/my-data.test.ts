import { MY_DATA_PATH, RECOMMENDATION_LETTER_TEXT_PATH } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../../test/pdf-text';
import { anotherSession, loggedInClient, save } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { zipEntries } from '../../test-support/zip-entries';
import { settledStatus, uploadAndConvert } from '../../test-support/document-helpers';
import { makePdf } from '../documents/test-files';
import { applicantAskingLetters, lastLinkToken, requestFirst } from '../../test-support/letter-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

const WAIVED_LETTER = 'WAIVED LETTER: only the office reads this letter, which the applicant waived the right to see.';
const OPEN_LETTER = 'OPEN LETTER: the applicant may read this letter, having kept the right to see it.';

const writeLetter = async (recommender: string, text: string) =>
  expectOk(
    await t
      .client('198.51.100.30')
      .post(RECOMMENDATION_LETTER_TEXT_PATH, { token: lastLinkToken(t, recommender), text }),
  );

describe('GET /api/my-data', () => {
  it('is one ZIP of answers, the PDF copy, documents as converted, the letters not waived and the mail log', async () => {
    const ada = await applicantAskingLetters(t, 'zip.ada@example.edu', 'waived@uni.example', {
      recommender_2_first_name: 'Alan',
      recommender_2_last_name: 'Turing',
      recommender_2_email: 'open@uni.example',
      counselor_waiver_request: 'Y',
    });
    expect(
      (
        await uploadAndConvert(
          ada.client,
          'college_transcript_upload',
          'transcript.pdf',
          await makePdf('MY TRANSCRIPT'),
        )
      ).statusCode,
    ).toBe(200);
    expect((await settledStatus(ada.client, 'college_transcript_upload')).status).toBe('COMPLETED');
    // The first letter arrives while the applicant waives the right to see it; the second after they no longer do.
    await requestFirst(ada.client);
    await writeLetter('waived@uni.example', WAIVED_LETTER);
    await save(ada.client, { counselor_waiver_request: 'N' });
    await expectOk(await ada.client.post('/api/submit'));
    await writeLetter('open@uni.example', OPEN_LETTER);

    const res = await ada.client.get(MY_DATA_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-data-2026-11-02.zip"');
    expect(res.headers['cache-control']).toBe('no-store');
    const entries = await zipEntries(res.rawPayload);
    expect([...entries.keys()]).toEqual([
      'README.txt',
      'answers.json',
      'answer-history.json',
      'application-copy.pdf',
      'documents/college_transcript_upload.pdf',
      'letters/letter-1.pdf',
      'mail-log.json',
    ]);

    const answers = JSON.parse(entries.get('answers.json')!.toString('utf8'));
    expect(answers.account.email).toBe('zip.ada@example.edu');
    expect(answers.application.answers).toMatchObject({ first_name: 'Ada', counselor_waiver_request: 'N' });
    expect(answers.application.submitted_at).toBe('2026-11-02T09:00:00.000Z');
    expect(answers.documents).toEqual([
      {
        answer_key: 'college_transcript_upload',
        uploaded_file_name: 'transcript.pdf',
        uploaded_file_size: expect.any(Number),
        file_in_this_zip: 'documents/college_transcript_upload.pdf',
      },
    ]);
    expect(
      answers.letters_of_recommendation.map((l: Record<string, unknown>) => [
        l.email,
        l.waived_right_to_see,
        l.file_in_this_zip,
      ]),
    ).toEqual([
      ['waived@uni.example', true, null],
      ['open@uni.example', false, 'letters/letter-1.pdf'],
    ]);
    expect(JSON.parse(entries.get('answer-history.json')!.toString('utf8')).length).toBeGreaterThan(0);

    expect(await pdfText(entries.get('application-copy.pdf')!)).toContain('Lovelace');
    expect(await pdfText(entries.get('documents/college_transcript_upload.pdf')!)).toContain('MY TRANSCRIPT');
    expect(await pdfText(entries.get('letters/letter-1.pdf')!)).toContain(OPEN_LETTER);
    // The waived letter is nowhere in the archive, in any file.
    for (const [name, bytes] of entries) {
      const text = name.endsWith('.pdf') ? await pdfText(bytes) : bytes.toString('utf8');
      expect({ name, waived: text.includes('WAIVED LETTER') }).toEqual({ name, waived: false });
    }

    const mailLog = JSON.parse(entries.get('mail-log.json')!.toString('utf8')) as {
      sent_at: string;
      kind: string;
      subject: string;
    }[];
    expect(mailLog.map((m) => m.kind)).toEqual(['confirmation-code', 'submission']);
    expect(mailLog[0]).toEqual({
      sent_at: '2026-11-02T09:00:00.000Z',
      kind: 'confirmation-code',
      subject: 'Your BWC confirmation code',
    });
    // Never a code: the mail itself carried one in its subject.
    expect(t.smtp.to('zip.ada@example.edu')[0]!.subject).toMatch(/\d{6}/);
    expect(entries.get('mail-log.json')!.toString('utf8')).not.toMatch(/\d{6}/);

    const readme = entries.get('README.txt')!.toString('utf8');
    expect(readme).toContain('Not included: letters you waived your right to see');
    expect(readme).toContain('notes, reviews, scores and draft decisions');
  });

  it('names the admissions office, never the member, behind a request or a waiver (issue 48, item 11)', async () => {
    const grace = await submittedApplicant(t, 'zip.grace@example.edu');
    const office = await loggedInClient(t, STAFF_EMAIL);
    await expectOk(
      await office.post(`/api/staff/applications/${grace.userId}/requests`, {
        item_key: 'college_transcript_upload',
        message: 'Please send the final transcript.',
      }),
    );
    const entries = await zipEntries((await expectOk(await grace.client.get(MY_DATA_PATH))).rawPayload);
    const history = JSON.parse(entries.get('answer-history.json')!.toString('utf8')) as { changes: object }[];
    expect(history.map((h) => h.changes)).toContainEqual({
      'request-item': 'college_transcript_upload',
      by: 'the admissions office',
    });
    for (const [name, bytes] of entries)
      expect({ name, member: bytes.includes(STAFF_EMAIL) }).toEqual({ name, member: false });
  });

  it('holds the decisions released, the answer to the offer, the withdrawal and the letter; never a draft (issue 41)', async () => {
    const staff = await anotherSession(t, STAFF_EMAIL);
    const zipOf = async (client: typeof ada.client) =>
      zipEntries((await expectOk(await client.get(MY_DATA_PATH))).rawPayload);
    const ada = await submittedApplicant(t, 'zip.decided@example.edu', { first_name: 'Ada', last_name: 'Lovelace' });
    await expectOk(await staff.put(`/api/staff/applications/${ada.userId}/decision`, { code: 'waitlist' }));
    // A provisional decision is the office's working paper: none of it in the ZIP.
    const draft = await zipOf(ada.client);
    expect(JSON.parse(new TextDecoder().decode(draft.get('answers.json')))).toMatchObject({
      decisions: [],
      withdrawal: null,
    });
    expect(draft.has('decision-letter.pdf')).toBe(false);
    expect(new TextDecoder().decode(draft.get('answers.json'))).not.toMatch(/wait/i);

    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [ada.userId] }));
    await expectOk(await staff.put(`/api/staff/applications/${ada.userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [ada.userId] }));
    await expectOk(await ada.client.post('/api/decision/response', { response: 'accept' }));
    const decided = await zipOf(ada.client);
    const answers = JSON.parse(new TextDecoder().decode(decided.get('answers.json')));
    expect(answers.decisions).toEqual([
      expect.objectContaining({ decision: 'Wait-listed', current: false, response: null, letter_in_this_zip: null }),
      expect.objectContaining({
        decision: 'Admitted',
        current: true,
        response: 'accept',
        letter_in_this_zip: 'decision-letter.pdf',
      }),
    ]);
    expect(await pdfText(decided.get('decision-letter.pdf')!)).toContain('Congratulations');
    expect(new TextDecoder().decode(decided.get('README.txt'))).toContain('decision-letter.pdf');

    const bea = await submittedApplicant(t, 'zip.withdrawn@example.edu', { first_name: 'Bea' });
    await expectOk(await bea.client.post('/api/withdraw', { reason: 'I chose another college.' }));
    expect(JSON.parse(new TextDecoder().decode((await zipOf(bea.client)).get('answers.json')))).toMatchObject({
      decisions: [],
      withdrawal: { reason: 'I chose another college.' },
    });
  });

  it("holds only the caller's own data, and answers 401 without a session", async () => {
    const other = await loggedInClient(t, 'zip.other@example.edu');
    await save(other, { first_name: 'Otto' });
    const entries = await zipEntries((await expectOk(await other.get(MY_DATA_PATH))).rawPayload);
    expect([...entries.keys()]).toEqual([
      'README.txt',
      'answers.json',
      'answer-history.json',
      'application-copy.pdf',
      'mail-log.json',
    ]);
    const answers = JSON.parse(entries.get('answers.json')!.toString('utf8'));
    expect(answers.account.email).toBe('zip.other@example.edu');
    expect(answers.application.answers).toEqual({ first_name: 'Otto' });
    expect(JSON.stringify(answers)).not.toContain('zip.ada@example.edu');

    const anonymous = await t.client().get(MY_DATA_PATH);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
