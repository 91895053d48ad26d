import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { settledStatus, uploadAndConvert } from '../../test-support/document-helpers';
import { makePdf } from './test-files';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

/** The name a browser saves under: RFC 6266's filename* (RFC 8187, UTF-8) wins over the ASCII filename. */
function savedName(header: string | undefined): string {
  const extended = /filename\*=UTF-8''([^;]+)/.exec(header ?? '')?.[1];
  if (extended) return decodeURIComponent(extended);
  return /filename="([^"]*)"/.exec(header ?? '')?.[1] ?? '';
}

describe('a document downloads under the name it was uploaded with', () => {
  it('an ASCII name is sent as plain filename, a non-Latin one as the RFC 6266 pair, to the applicant and the office', async () => {
    const applicant = await applicantWith(t, 'unicode-name@example.edu', {
      ...completeAnswers(),
      applied_major: 'BMN',
    });
    const staff = await loggedInClient(t, STAFF_EMAIL);
    const fileUrl = '/api/pdf/document-answer/research_upload/file';
    const officeUrl = `/api/staff/applications/${applicant.userId}/documents/research_upload`;
    const upload = async (name: string) => {
      expect((await uploadAndConvert(applicant.client, 'research_upload', name, await makePdf())).statusCode).toBe(200);
      expect((await settledStatus(applicant.client, 'research_upload')).status).toBe('COMPLETED');
    };

    await upload('project.pdf');
    const plain = await expectOk(await applicant.client.get(fileUrl));
    expect(plain.headers['content-disposition']).toBe('attachment; filename="project.pdf"');
    expect(savedName((await expectOk(await staff.get(officeUrl))).headers['content-disposition'])).toBe('project.pdf');

    await upload('Ünïcødé-日本語.docx.pdf');
    const own = await expectOk(await applicant.client.get(fileUrl));
    const header = own.headers['content-disposition'] as string;
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    expect(savedName(header)).toBe('Ünïcødé-日本語.docx.pdf');
    // Old clients that read only filename get a readable Latin stand-in, not a row of underscores.
    expect(/filename="([^"]*)"/.exec(header)?.[1]).toMatch(/^Unic.de-.*\.pdf$/);

    const office = await expectOk(await staff.get(officeUrl));
    expect(office.headers['content-disposition']).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(savedName(office.headers['content-disposition'])).toBe('Ünïcødé-日本語.docx.pdf');
  });

  it('quotes, slashes and control characters never reach the header', async () => {
    const applicant = await applicantWith(t, 'odd-name@example.edu', { ...completeAnswers(), applied_major: 'BMN' });
    expect(
      (await uploadAndConvert(applicant.client, 'research_upload', 'a"b\\c/d\u0007e;f.pdf', await makePdf()))
        .statusCode,
    ).toBe(200);
    expect((await settledStatus(applicant.client, 'research_upload')).status).toBe('COMPLETED');
    const res = await expectOk(await applicant.client.get('/api/pdf/document-answer/research_upload/file'));
    const header = res.headers['content-disposition'] as string;
    expect(header).toMatch(/^attachment; filename="[^"\\]*"(; filename\*=UTF-8''[A-Za-z0-9%._~-]+)?$/);
    expect(savedName(header)).not.toMatch(/["\\/]|\p{Cc}/u);
  });
});
