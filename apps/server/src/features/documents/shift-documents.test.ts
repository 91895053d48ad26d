import { SCHOOLS_BUTTON_ID, type ProfileResponse } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { settledStatus, storedFiles, uploadAndConvert } from '../../test-support/document-helpers';
import { makePng } from './test-files';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const transcript = (n: number) => (n === 1 ? 'college_transcript_upload' : `college_${n}_transcript_upload`);

/** An applicant with `count` schools, each with a converted transcript named 'school-n.png'. */
async function withTranscripts(email: string, count: number): Promise<TestClient> {
  const client = await loggedInClient(t, email);
  await expectOk(await client.put('/api/add-another', { button_id: SCHOOLS_BUTTON_ID, num_components: count }));
  for (let n = 1; n <= count; n++) {
    await expectOk(await uploadAndConvert(client, transcript(n), `school-${n}.png`, await makePng()));
    expect((await settledStatus(client, transcript(n))).status).toBe('COMPLETED');
  }
  return client;
}

const documentsOf = async (client: TestClient) =>
  Object.fromEntries(
    Object.entries((await client.get('/api/profile')).json<ProfileResponse>().document_answer).map(([k, d]) => [
      k,
      d.file_name,
    ]),
  );

describe('documents follow their school block', () => {
  it("removing a school moves the later schools' transcripts up with them and deletes the removed one's files", async () => {
    const client = await withTranscripts('shift.remove@example.edu', 3);
    expect(await documentsOf(client)).toEqual({
      [transcript(1)]: 'school-1.png',
      [transcript(2)]: 'school-2.png',
      [transcript(3)]: 'school-3.png',
    });
    const before = await storedFiles(t);

    await expectOk(await client.delete(`/api/add-another/${SCHOOLS_BUTTON_ID}/2`));

    expect(await documentsOf(client)).toEqual({ [transcript(1)]: 'school-1.png', [transcript(2)]: 'school-3.png' });
    // The moved transcript still opens, and school 2's PDF is gone from storage.
    const moved = await client.get(`/api/pdf/document-answer/${transcript(2)}/file`);
    expect(moved.statusCode).toBe(200);
    expect(moved.headers['content-disposition']).toContain('school-3.pdf');
    expect((await storedFiles(t)).length).toBe(before.length - 1);
  });

  it('lowering the count deletes the transcripts of the blocks past it', async () => {
    const client = await withTranscripts('shift.count@example.edu', 2);
    const before = await storedFiles(t);
    await expectOk(await client.put('/api/add-another', { button_id: SCHOOLS_BUTTON_ID, num_components: 1 }));
    expect(await documentsOf(client)).toEqual({ [transcript(1)]: 'school-1.png' });
    expect((await storedFiles(t)).length).toBe(before.length - 1);
  });
});
