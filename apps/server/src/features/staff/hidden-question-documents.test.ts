import { completeAnswers } from '@admissions/domain/testing';
import type { StaffApplicationDetail } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, save } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith, printToken } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { settledStatus, uploadAndConvert } from '../../test-support/document-helpers';
import { makePdf } from '../documents/test-files';
import { readPdfText } from '../../../../../test/pdf-text';

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});

/**
 * The final project description is asked of BMAS and BMN applicants only. An
 * applicant who uploads one and then changes program has taken that answer
 * back (SPEC section 4: a hidden question's answer is cleared), so the office
 * must not read it as part of the application.
 */
describe("a document whose question the applicant's answers now hide", () => {
  it('reaches the office while its question shows, not once the answers hide it, and again when it shows again', async () => {
    const nurse = await applicantWith(t, 'nurse@example.edu', { ...completeAnswers(), applied_major: 'BMN' });
    expect((await uploadAndConvert(nurse.client, 'research_upload', 'project.pdf', await makePdf())).statusCode).toBe(
      200,
    );
    expect((await settledStatus(nurse.client, 'research_upload')).status).toBe('COMPLETED');
    const detailUrl = `/api/staff/applications/${nurse.userId}`;
    const documentUrl = `${detailUrl}/documents/research_upload`;
    const detail = async (): Promise<StaffApplicationDetail> => (await expectOk(await staff.get(detailUrl))).json();
    const packetText = async () =>
      (await readPdfText((await expectOk(await staff.get(`${detailUrl}/packet`))).rawPayload)).lines.join('\n');
    const printedDocuments = async () => {
      const { token } = await printToken(staff, nurse.userId);
      const print = await expectOk(await t.client().get(`/service/tmp-pdf?service_token=${token}`));
      return Object.keys(print.json<{ document_answer: Record<string, unknown> }>().document_answer);
    };

    expect((await detail()).documents.map((d) => d.answer_key)).toEqual(['research_upload']);
    expect((await staff.get(documentUrl)).statusCode).toBe(200);
    expect(await packetText()).toContain('Final Project Description');
    expect(await printedDocuments()).toEqual(['research_upload']);

    await save(nurse.client, { applied_major: 'MAE' });
    expect((await detail()).documents).toEqual([]);
    expect((await staff.get(documentUrl)).statusCode).toBe(404);
    expect(await packetText()).not.toContain('Final Project Description');
    expect(await printedDocuments()).toEqual([]);

    // Changing back shows the question with the document the applicant uploaded.
    await save(nurse.client, { applied_major: 'BMN' });
    expect((await detail()).documents.map((d) => d.answer_key)).toEqual(['research_upload']);
    expect((await detail()).missing_items).toEqual([]);
  });
});
