import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { readPdfText } from '../../../../../test/pdf-text';
import { CITIZENSHIP_WORDS, EQUALITY_ANSWERS, EQUALITY_WORDS } from '../../test-support/equality-answers';

let t: TestApp;
let staff: TestClient;
let ada: Applicant;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
  ada = await applicantWith(t, 'ada@example.edu', { ...completeAnswers(), ...EQUALITY_ANSWERS }, true);
});
afterAll(async () => {
  await t?.close();
});

const pdfLines = async (bytes: Buffer) => (await readPdfText(bytes)).lines.join('\n');

/** Equality monitoring data is for the aggregate reports only, never for reading one application (issue 47). */
describe("the equality answers in the office's reading of an application", () => {
  it("stay in the applicant's own PDF copy: it is their data", async () => {
    const copy = await pdfLines((await expectOk(await ada.client.get('/api/pdf/file'))).rawPayload);
    for (const words of [...EQUALITY_WORDS, ...CITIZENSHIP_WORDS]) expect(copy).toContain(words);
  });

  it("are not in the reviewer's packet, whose copy keeps the rest of the About step", async () => {
    const packet = await pdfLines(
      (await expectOk(await staff.get(`/api/staff/applications/${ada.userId}/packet`))).rawPayload,
    );
    expect(packet).toContain('Lovelace');
    expect(packet).toContain('Date of Birth');
    expect(packet).toContain('I am a permanent resident of the United States (green card holder).');
    // Citizenship stays: the form's admission rules turn on it, and the office needs it for immigration papers.
    for (const words of CITIZENSHIP_WORDS) expect(packet).toContain(words);
    for (const words of EQUALITY_WORDS) expect(packet).not.toContain(words);
    expect(packet).not.toMatch(/^Gender$/m);
  });

  it("are not in the office's detail of the application", async () => {
    const detail = JSON.stringify((await expectOk(await staff.get(`/api/staff/applications/${ada.userId}`))).json());
    expect(detail).toContain('Lovelace');
    for (const key of Object.keys(EQUALITY_ANSWERS).filter((k) => !/residency|citizenship/.test(k)))
      expect(detail).not.toContain(`"${key}"`);
    for (const words of EQUALITY_WORDS) expect(detail).not.toContain(words);
  });

  it("are not in the console's CSV export", async () => {
    const csv = (await expectOk(await staff.get('/api/staff/applications.csv?status=submitted'))).body;
    expect(csv).toContain('ada@example.edu');
    expect(csv).not.toMatch(/gender|ethnicity|race/i);
    for (const words of EQUALITY_WORDS) expect(csv).not.toContain(words);
  });
});
