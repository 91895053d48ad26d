import { completeAnswers } from '@admissions/domain/testing';
import {
  checklistReceiptsPath,
  checklistRequestsPath,
  STATUS_PATH,
  TRANSCRIPT_TABS,
  type StaffApplicationDetail,
  type StatusResponse,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf } from '../../session/audit-log';
import { loggedInClient, save } from '../../test-support/application-helpers';
import { settledStatus, uploadAndConvert } from '../../test-support/document-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { userIdOf } from '../../test-support/application-helpers';
import { makePdf } from '../documents/test-files';

/**
 * Issue 41: a transcript the applicant chose to have sent ("I will send it later") is on the checklist as
 * awaited, the office can mark it received on paper or ask for it, an upload answering the request makes it
 * received on both sides, and a request taken back tells the applicant.
 */
const KEY = 'college_transcript_upload';

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(() => t.close());

/** A submitted application whose first school's transcript is to be sent later. */
async function sendingLater(email: string) {
  const client = await loggedInClient(t, email);
  await save(client, { ...completeAnswers(), applied_major: 'MAE' });
  await expectOk(await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: TRANSCRIPT_TABS.later }));
  await expectOk(await client.post('/api/submit'));
  return { client, email, userId: await userIdOf(t, email) };
}
const itemOf = async (client: TestClient) =>
  (await expectOk(await client.get(STATUS_PATH))).json<StatusResponse>().checklist.find((i) => i.key === KEY);
const officeItemOf = async (userId: string) =>
  (await expectOk(await staff.get(`/api/staff/applications/${userId}`)))
    .json<StaffApplicationDetail>()
    .checklist.find((i) => i.key === KEY);

describe('a document sent later', () => {
  it('is awaited ("to be sent"), and the office can mark it received on paper, with a note only it reads', async () => {
    const ada = await sendingLater('later.ada@example.edu');
    expect(await itemOf(ada.client)).toMatchObject({ state: 'awaiting', kind: 'document' });

    const note = 'Official transcript from the registrar, by post on 2 November.';
    await expectOk(await staff.post(checklistReceiptsPath(ada.userId), { item_key: KEY, note }));
    const received = await itemOf(ada.client);
    expect(received).toMatchObject({ state: 'received', message: 'Received by the admissions office.' });
    expect(JSON.stringify(received)).not.toContain('registrar');
    expect(await officeItemOf(ada.userId)).toMatchObject({
      state: 'received',
      receipt: { note, received_by: STAFF_EMAIL },
    });
    expect((await auditRowsOf(t.db, ada.userId)).map((r) => r.action)).toContain('receive-item');

    // Taken back: awaited again.
    await expectOk(await staff.delete(`${checklistReceiptsPath(ada.userId)}?item_key=${KEY}`));
    expect((await itemOf(ada.client))?.state).toBe('awaiting');
    // Only a document can be received by the office.
    const answers = await staff.post(checklistReceiptsPath(ada.userId), { item_key: 'answers:about', note });
    expect(answers.statusCode).toBe(409);
    expect(answers.json()).toMatchObject({ code: 'ITEM_NOT_RECEIVABLE' });
  });

  it('asked for, says "upload" (never "again"); the upload answering it is received on both sides', async () => {
    const bea = await sendingLater('later.bea@example.edu');
    await expectOk(
      await staff.post(checklistRequestsPath(bea.userId), { item_key: KEY, message: 'Please upload a copy now.' }),
    );
    const asked = t.smtp.last(bea.email);
    expect(asked.text).toContain('asks you to upload this item: Unofficial Transcript.');
    expect(asked.text).not.toContain('again');
    expect((await itemOf(bea.client))?.state).toBe('requested');

    await expectOk(await uploadAndConvert(bea.client, KEY, 'transcript.pdf', await makePdf('Transcript')));
    expect((await settledStatus(bea.client, KEY)).status).toBe('COMPLETED');
    expect((await itemOf(bea.client))?.state).toBe('received');
    expect((await officeItemOf(bea.userId))?.state).toBe('received');

    // Now that one was uploaded, a new request says "again".
    await expectOk(
      await staff.post(checklistRequestsPath(bea.userId), { item_key: KEY, message: 'A clearer copy, please.' }),
    );
    expect(t.smtp.last(bea.email).text).toContain('asks you to upload this item again: Unofficial Transcript.');
  });

  it('a request taken back tells the applicant, who need not upload', async () => {
    const cy = await sendingLater('later.cy@example.edu');
    await expectOk(
      await staff.post(checklistRequestsPath(cy.userId), { item_key: KEY, message: 'Upload it, please.' }),
    );
    await expectOk(await staff.delete(`${checklistRequestsPath(cy.userId)}?item_key=${KEY}`));
    const told = t.smtp.last(cy.email);
    expect(told.subject).toBe('The admissions office no longer asks you for: Unofficial Transcript');
    expect(told.text).toContain('You need not upload it.');
    expect((await itemOf(cy.client))?.state).toBe('awaiting');
  });
});
